// The importer's locks against work that commits while a batch waits: an existing user's live membership is checked
// after the user is locked (as the grant service locks them), so a membership granted meanwhile refuses the row
// instead of breaking the batch on the one-live-per-plan index; a plan is created under the plans' order lock, so a
// plan made meanwhile is found, not made twice, and counted only by the run that made it. Each race is held open on a
// connection of the test's own until the import (or both imports) waits on the lock, then the other side writes and
// commits.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPlan } from '../../../../src/modules/member/core/service/plans.ts';
import { createUser } from '../../../../src/platform/users/service.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';
import { whileLocked } from '../../../helpers/row-lock.ts';
import { counts, importFile, imported } from './helpers.ts';

let t: TestApp;
const dir = mkdtempSync(path.join(tmpdir(), 'atrium-import-locks-'));
const RCP_HEADER =
  'Membership ID,User Email,User Login,First Name,Last Name,Membership Level ID,Membership Level Name,Created Date,Expiration Date,Status';
const rcpFile = (name: string, ...rows: string[]) => {
  const p = path.join(dir, name);
  writeFileSync(p, [RCP_HEADER, ...rows].join('\n'));
  return p;
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it("a live membership granted while the import waits on its user's lock refuses the row, and nothing else", async () => {
  const plan = await createPlan(t.platform, { name: 'Loft' });
  const { user } = await createUser(t.platform, { username: 'gil', email: 'gil@example.com' });
  const f = rcpFile(
    'granted.csv',
    '1201,gil@example.com,gil,Gil,Ma,,Loft,2024-01-01,2099-01-01,active',
    '1202,hal@example.com,hal,Hal,Ng,,Loft,2024-01-01,2099-01-01,active',
  );
  let granted = 0;
  const { summary, errors } = await whileLocked(
    t,
    `SELECT id FROM users WHERE id = ${user.id} FOR UPDATE`,
    () => importFile(t.platform, 'rcp', f),
    {
      meanwhile: async (holder) => {
        const { rows } = await holder.query<{ id: number }>(
          `INSERT INTO member_memberships (user_id, plan_id, status, started_at, source, created_at, updated_at)
         VALUES ($1, $2, 'active', now(), 'manual', now(), now()) RETURNING id`,
          [user.id, plan.id],
        );
        granted = rows[0]!.id;
      },
    },
  );
  expect(counts(summary)).toEqual({ rows: 2, created: 1, updated: 0, unchanged: 0, skipped: 1 });
  expect(errors).toEqual([{ line: 2, reason: `the user already has a live membership (${granted}) of this plan` }]);
  expect(Object.keys(await imported(t.platform, 'rcp:120'))).toEqual(['rcp:1202']);
});

it('a plan made while the import waits on the plans’ order lock is found and tagged, not made again', async () => {
  const f = rcpFile('plan.csv', '1301,ida@example.com,ida,Ida,Ro,77,Attic,2024-01-01,2099-01-01,active');
  let made = 0;
  const { summary } = await whileLocked(
    t,
    "SELECT pg_advisory_xact_lock(hashtext('member_plans.position'))",
    () => importFile(t.platform, 'rcp', f),
    {
      meanwhile: async (holder) => {
        const { rows } = await holder.query<{ id: number }>(
          `INSERT INTO member_plans (name, slug, currency, interval, position, created_at, updated_at)
         SELECT 'Attic', 'attic', 'EUR', 'month', coalesce(max(position), 0) + 1, now(), now() FROM member_plans
         RETURNING id`,
        );
        made = rows[0]!.id;
      },
    },
  );
  expect([counts(summary).created, summary.plansCreated]).toEqual([1, 0]);
  const plans = await t.platform.prisma.memberPlan.findMany({
    where: { name: 'Attic' },
    select: { id: true, sourceRef: true },
  });
  expect(plans).toEqual([{ id: made, sourceRef: 'rcp:plan:77' }]);
  expect((await imported(t.platform, 'rcp:1301'))['rcp:1301']!.plan).toBe('Attic');
});

it('a plan that exists before the import is not counted as created', async () => {
  await createPlan(t.platform, { name: 'Cellar' });
  const f = rcpFile('cellar.csv', '1401,jo@example.com,jo,Jo,Ru,78,Cellar,2024-01-01,2099-01-01,active');
  const { summary } = await importFile(t.platform, 'rcp', f);
  expect([counts(summary).created, summary.plansCreated]).toEqual([1, 0]);
});

it('two imports that both need a new plan create it once, and count it once between them', async () => {
  const files = [
    rcpFile('porch-a.csv', '1501,kit@example.com,kit,Kit,Ay,79,Porch,2024-01-01,2099-01-01,active'),
    rcpFile('porch-b.csv', '1502,lou@example.com,lou,Lou,By,79,Porch,2024-01-01,2099-01-01,active'),
  ];
  // Both have looked for the plan and found none before either may create it.
  const runs = await whileLocked(
    t,
    "SELECT pg_advisory_xact_lock(hashtext('member_plans.position'))",
    () => Promise.all(files.map((f) => importFile(t.platform, 'rcp', f))),
    { waiting: 2 },
  );
  expect(runs.map((r) => counts(r.summary).created)).toEqual([1, 1]);
  expect(runs.reduce((n, r) => n + r.summary.plansCreated, 0)).toBe(1);
  const plans = await t.platform.prisma.memberPlan.findMany({ where: { name: 'Porch' }, select: { sourceRef: true } });
  expect(plans).toEqual([{ sourceRef: 'rcp:plan:79' }]);
});
