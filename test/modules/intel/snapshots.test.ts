// The score history: newest first, its own limit (default 10, 1-50), the daily job that scans and prunes old scan
// details while their snapshots stay.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { intel } from '../../../src/modules/intel/index.ts';
import { core } from '../../../src/modules/core/index.ts';
import type { HealthCheck } from '../../../src/platform/health.ts';
import { createTestApp, type Caller, type TestApp } from '../../helpers/app.ts';
import { Snapshots } from './helpers.ts';

let failing = 0;
const probes: HealthCheck[] = [
  {
    id: 'probe_a',
    category: 'data',
    label: 'A',
    run: async () =>
      failing > 0 ? { status: 'critical', message: 'bad', scoreImpact: 30 } : { status: 'ok', message: 'fine' },
  },
  {
    id: 'probe_b',
    category: 'data',
    label: 'B',
    run: async () =>
      failing > 1 ? { status: 'warning', message: 'meh', scoreImpact: 5 } : { status: 'info', message: 'note' },
  },
];

let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  t = await createTestApp({ modules: [core, { ...intel, checks: probes }] });
  admin = await t.as('administrator');
});
afterAll(() => t.close());

const snapshots = (query = '') => t.http.get(`/wp-json/intel/v1/snapshots${query}`).set(admin.headers);

it('answers the history newest first, with scan id, score, grade, counts and time', async () => {
  const ids: number[] = [];
  for (let i = 0; i < 12; i++) {
    failing = i % 3;
    t.clock.advance({ hours: 1 });
    ids.push((await t.http.post('/wp-json/intel/v1/scan').set(admin.headers).expect(200)).body.scan_id);
  }
  const res = await snapshots();
  expect(res.status).toBe(200);
  expect(res.body).toHaveLength(10);
  expect(res.body.map((s: { scan_id: number }) => s.scan_id)).toEqual(ids.slice(2).reverse());
  // The 12th scan ran with failing = 2: a critical (30) and a warning (5).
  expect(res.body[0]).toEqual({
    scan_id: ids[11],
    score: 65,
    grade: 'D',
    critical: 1,
    warning: 1,
    info: 0,
    ok: 0,
    checks: 2,
    scanned: '2026-11-22 12:00:00',
  });
  expect(res.body[1]).toMatchObject({
    score: 70,
    grade: 'C',
    critical: 1,
    warning: 0,
    info: 1,
    scanned: '2026-11-22 11:00:00',
  });
  expect(res.body[2]).toMatchObject({ score: 100, grade: 'A', critical: 0, ok: 1, info: 1 });
  const gql = await t.gql(Snapshots, {}, admin);
  expect(gql.data?.healthSnapshots.items.map((s) => s.scanId)).toEqual(ids.slice(2).reverse());
  // GraphQL pages through the whole history; REST's limit stops at 50.
  const second = await t.gql(Snapshots, { page: 2, perPage: 10 }, admin);
  expect(second.data?.healthSnapshots.total).toBe(12);
  expect(second.data?.healthSnapshots.items.map((s) => s.scanId)).toEqual(ids.slice(0, 2).reverse());
});

it('takes limit from 1 to 50 and refuses 0, 51, non-integers and words with 400', async () => {
  expect((await snapshots('?limit=1')).body.map((s: { scan_id: number }) => s.scan_id)).toHaveLength(1);
  expect((await snapshots('?limit=50')).body).toHaveLength(12);
  expect((await snapshots('?limit=12')).body).toHaveLength(12);
  for (const bad of ['0', '51', '-1', '2.5', 'ten']) {
    const res = await snapshots(`?limit=${bad}`);
    expect(res.status, bad).toBe(400);
    expect(res.body.code).toBe('rest_invalid_param');
    expect(res.body.data.params).toHaveProperty('limit');
  }
  for (const perPage of [0, 101]) {
    const gql = await t.gql(Snapshots, { perPage }, admin);
    expect(gql.errors?.[0]?.extensions, String(perPage)).toMatchObject({ code: 'rest_invalid_param', status: 400 });
  }
  expect((await t.gql(Snapshots, { perPage: 50 }, admin)).data?.healthSnapshots.items).toHaveLength(12);
});

it('scans daily as a job, and prunes scan details after 30 days while the snapshots stay', async () => {
  expect(t.platform.jobs.get('intel/scan/daily')?.schedule).toBe('29 4 * * *');
  const oldest = await t.platform.prisma.intelScan.findFirstOrThrow({ orderBy: { id: 'asc' } });
  t.clock.advance({ days: 31 });
  failing = 0;
  expect(await t.platform.jobs.runNow('intel/scan/daily')).toEqual({ status: 'succeeded' });
  const latest = await t.platform.prisma.intelScan.findFirstOrThrow({ orderBy: { id: 'desc' } });
  expect(latest).toMatchObject({ trigger: 'job', score: 100 });
  expect(await t.platform.prisma.intelScan.count()).toBe(1);
  expect(await t.platform.prisma.intelCheckResult.count({ where: { scanId: oldest.id } })).toBe(0);
  const history = (await snapshots('?limit=50')).body as { scan_id: number | null }[];
  expect(history).toHaveLength(13);
  expect(history[0]!.scan_id).toBe(latest.id);
  expect(history.slice(1).every((s) => s.scan_id === null)).toBe(true);
  expect((await t.http.get('/wp-json/intel/v1/health-score').set(admin.headers)).body.score).toBe(100);
});
