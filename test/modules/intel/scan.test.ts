// Scans through both faces on a registry of probe checks whose answers the test controls: the score rule and grade
// bands, the status filter, checks that throw, answer nonsense or overrun their timeout, and parallel scans.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { intel } from '../../../src/modules/intel/index.ts';
import { core } from '../../../src/modules/core/index.ts';
import type { CheckResult, HealthCheck } from '../../../src/platform/health.ts';
import { createTestApp, type Caller, type TestApp } from '../../helpers/app.ts';
import { Checks, RunScan, scan, Score, Snapshots } from './helpers.ts';

let impact = 0;
let release: () => void = () => {};
const probes: HealthCheck[] = [
  {
    id: 'probe_ok',
    category: 'data',
    label: 'Always ok',
    run: async () => ({ status: 'ok', message: 'fine', scoreImpact: 40 }),
  },
  {
    id: 'probe_info',
    category: 'data',
    label: 'Info',
    run: async () => ({ status: 'info', message: 'note', detail: 'x'.repeat(20_000) }),
  },
  {
    id: 'probe_variable',
    category: 'security',
    label: 'Impact set by the test',
    run: async () => ({ status: 'warning', message: 'set', scoreImpact: impact }),
  },
  {
    id: 'probe_throws',
    category: 'configuration',
    label: 'Throws',
    run: async () => {
      throw new Error('boom in probe');
    },
  },
  {
    id: 'probe_throws_sync',
    category: 'configuration',
    label: 'Throws synchronously',
    run: (() => {
      throw new Error('sync boom');
    }) as HealthCheck['run'],
  },
  {
    id: 'probe_nonsense',
    category: 'data',
    label: 'Answers nonsense',
    run: async () => ({ status: 'great', message: 'x' }) as unknown as CheckResult,
  },
  {
    id: 'probe_slow',
    category: 'performance',
    label: 'Overruns its timeout',
    timeoutMs: 20,
    run: () =>
      new Promise<CheckResult>((resolve) => {
        release = () => resolve({ status: 'ok', message: 'too late' });
      }),
  },
];

let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  // The intel module with only the probes registered: every answer, and so the score, is known.
  t = await createTestApp({ modules: [core, { ...intel, checks: probes }] });
  admin = await t.as('administrator');
});
afterAll(() => t.close());

describe('a scan', () => {
  it('reports failing, nonsense and overdue checks as warnings without breaking the scan', async () => {
    impact = 0;
    const res = await t.http.post('/wp-json/intel/v1/scan').set(admin.headers);
    release();
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['checks', 'critical', 'duration', 'scan_id', 'score', 'warning']);
    expect(res.body.checks).toBe(probes.length);
    expect(Number.isInteger(res.body.duration) && res.body.duration >= 0).toBe(true);
    const rows = await (await t.http.get('/wp-json/intel/v1/checks').set(admin.headers)).body;
    expect(rows.total).toBe(probes.length);
    expect(rows.checks.map((c: { id: string }) => c.id)).toEqual(probes.map((p) => p.id)); // registration order
    const byId = new Map(rows.checks.map((c: { id: string }) => [c.id, c]));
    expect(byId.get('probe_throws')).toMatchObject({
      status: 'warning',
      message: 'check failed: boom in probe',
      score_impact: 5,
      category: 'configuration',
      label: 'Throws',
    });
    expect(byId.get('probe_throws_sync')).toMatchObject({
      status: 'warning',
      message: 'check failed: sync boom',
      score_impact: 5,
    });
    expect(byId.get('probe_nonsense')).toMatchObject({
      status: 'warning',
      message: 'check failed: invalid status "great"',
    });
    expect(byId.get('probe_slow')).toMatchObject({
      status: 'warning',
      message: 'timed out after 20 ms',
      score_impact: 5,
    });
    // An ok check costs nothing, whatever impact it declares.
    expect(byId.get('probe_ok')).toMatchObject({ status: 'ok', score_impact: 0, detail: '' });
    // A runaway detail is clipped before it is stored.
    expect((byId.get('probe_info') as { detail: string }).detail).toHaveLength(4000);
    expect(res.body).toMatchObject({ score: 100 - 4 * 5, critical: 0, warning: 5 });
  });

  it('scores 100 minus the impacts of non-ok checks, floored at 0, and grades A ≥ 90, B ≥ 80, C ≥ 70, D ≥ 60, else F', async () => {
    // The four failing probes cost 20; the variable one adds the rest.
    const cases: [number, number, string][] = [
      [0, 80, 'B'],
      [10, 70, 'C'],
      [11, 69, 'D'],
      [20, 60, 'D'],
      [21, 59, 'F'],
      [500, 0, 'F'],
    ];
    for (const [set, score, grade] of cases) {
      impact = set;
      const ran = await t.gql(RunScan, {}, admin);
      release();
      expect(ran.data?.runHealthScan, `impact ${set}`).toMatchObject({
        score,
        grade,
        critical: 0,
        warning: 5,
        info: 1,
        ok: 1,
        checks: probes.length,
      });
      const rest = await t.http.get('/wp-json/intel/v1/health-score').set(admin.headers);
      expect(rest.body).toEqual({ score, grade, critical: 0, warning: 5, scanned: '2026-11-22 00:00:00' });
    }
    // The upper bands, with the failing probes out of the way.
    t.platform.checks = probes.slice(0, 3);
    try {
      for (const [set, score, grade] of [
        [0, 100, 'A'],
        [10, 90, 'A'],
        [11, 89, 'B'],
        [20, 80, 'B'],
        [21, 79, 'C'],
        [30, 70, 'C'],
        [31, 69, 'D'],
      ] as const) {
        impact = set;
        const ran = await t.gql(RunScan, {}, admin);
        expect(ran.data?.runHealthScan, `impact ${set}`).toMatchObject({ score, grade });
        expect((await t.gql(Score, {}, admin)).data?.healthScore).toMatchObject({
          score,
          grade,
          scanId: ran.data?.runHealthScan.scanId,
        });
      }
    } finally {
      t.platform.checks = probes;
    }
  });

  it('stamps scanned with the clock: YYYY-MM-DD HH:MM:SS UTC over REST, a DateTime over GraphQL', async () => {
    t.clock.set('2026-12-24T18:05:09Z');
    await t.gql(RunScan, {}, admin);
    release();
    expect((await t.http.get('/wp-json/intel/v1/health-score').set(admin.headers)).body.scanned).toBe(
      '2026-12-24 18:05:09',
    );
    const snapshot = (await t.http.get('/wp-json/intel/v1/snapshots?limit=1').set(admin.headers)).body[0];
    expect(snapshot.scanned).toBe('2026-12-24 18:05:09');
    expect((await t.gql(Score, {}, admin)).data?.healthScore.scanned).toBe('2026-12-24T18:05:09Z');
    expect((await t.gql(Snapshots, { perPage: 1 }, admin)).data?.healthSnapshots.items[0]?.scanned).toBe(
      '2026-12-24T18:05:09Z',
    );
  });
});

describe('GET /intel/v1/checks', () => {
  it('filters by status on both faces and refuses other values with 400', async () => {
    for (const status of ['critical', 'warning', 'info', 'ok'] as const) {
      const res = await t.http.get(`/wp-json/intel/v1/checks?status=${status}`).set(admin.headers);
      expect(res.status).toBe(200);
      expect(res.body.checks.every((c: { status: string }) => c.status === status)).toBe(true);
      expect(res.body.total).toBe(res.body.checks.length);
      const gql = await t.gql(Checks, { status }, admin);
      expect(gql.data?.healthChecks.total).toBe(res.body.total);
    }
    expect((await t.http.get('/wp-json/intel/v1/checks?status=warning').set(admin.headers)).body.total).toBe(5);
    for (const bad of ['bad', 'OK', '']) {
      const res = await t.http.get(`/wp-json/intel/v1/checks?status=${bad}`).set(admin.headers);
      expect(res.status, bad).toBe(400);
      expect(res.body.code).toBe('rest_invalid_param');
    }
    // A value outside the HealthCheckStatus enum, sent as a variable: refused the same way.
    const gql = await t.gql(Checks, { status: 'nope' as never }, admin);
    expect(gql.errors?.[0]?.extensions).toMatchObject({ code: 'rest_invalid_param', status: 400 });
  });
});

describe('concurrent scans', () => {
  it('store each scan whole: its own id, every result once, one snapshot', async () => {
    impact = 3;
    const before = await t.platform.prisma.intelScan.count();
    const runs = await Promise.all(
      Array.from({ length: 6 }, () => t.http.post('/wp-json/intel/v1/scan').set(admin.headers)),
    );
    release();
    expect(runs.map((r) => r.status)).toEqual(Array(6).fill(200));
    const ids = runs.map((r) => r.body.scan_id as number);
    expect(new Set(ids).size).toBe(6);
    expect(await t.platform.prisma.intelScan.count()).toBe(before + 6);
    for (const id of ids) {
      const results = await t.platform.prisma.intelCheckResult.findMany({ where: { scanId: id } });
      expect(results.map((r) => r.checkId).sort()).toEqual(probes.map((p) => p.id).sort());
      expect(await t.platform.prisma.intelSnapshot.count({ where: { scanId: id } })).toBe(1);
    }
    const latest = Math.max(...ids);
    expect((await t.gql(Checks, {}, admin)).data?.healthChecks.scanId).toBe(latest);
    const checks = await scan(t, admin);
    expect(checks.size).toBe(probes.length);
    release();
  });
});
