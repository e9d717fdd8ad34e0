// Membership invariants that a race could break, held by the database: at most one live membership per user and plan
// (a partial unique index, whatever path writes it), a plan deleted while a membership of it is created, an access
// rule edited while it is deleted. Concurrent requests run on two Atrium instances, each with its own pool, on one
// PostgreSQL database; every answer is a success or a 4xx of the contract, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../../helpers/app.ts';
import { api, membership, ok, plan, secondInstance, type Api } from './helpers.ts';

let t: TestApp;
let other: Awaited<ReturnType<typeof secondInstance>>;
let admin: Caller;
let a: Api;
let b: Api;

beforeAll(async () => {
  t = await createTestApp();
  other = await secondInstance(t);
  admin = await t.as('administrator');
  a = api(t, admin);
  b = api(other, admin);
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const ROUNDS = 8;
const live = (userId: number, planId: number) =>
  t.platform.prisma.membership.count({
    where: { userId, planId, status: { in: ['pending', 'trialing', 'active', 'paused'] } },
  });
const statuses = (results: { status: number }[]) => results.map((r) => r.status);

describe('one live membership per user and plan', () => {
  it('an upgrade to a plan the user already holds live is 409 member_conflict; revoke then leaves no live membership of it', async () => {
    const [gold, silver] = [await plan(a), await plan(a)];
    const user = (await t.as('subscriber')).userId;
    const fromGold = await ok(await a.post(`/members/${user}/grant`, { plan_id: gold.id }));
    await ok(await a.post(`/members/${user}/grant`, { plan_id: silver.id }));
    const res = await a.post(`/memberships/${fromGold.id}/upgrade`, { plan_id: silver.id });
    expect([res.status, res.body.code]).toEqual([409, 'member_conflict']);
    expect(await live(user, silver.id)).toBe(1);
    expect((await t.platform.prisma.membership.findUniqueOrThrow({ where: { id: fromGold.id } })).planId).toBe(gold.id);
    await ok(await a.post(`/members/${user}/revoke`, { plan_id: silver.id }));
    expect((await ok(await a.get(`/members/${user}`))).active_plan_ids).toEqual([gold.id]);
  });

  it('a grant of B racing an upgrade A→B on two instances never leaves two live memberships of B', async () => {
    const [gold, silver] = [await plan(a), await plan(a)];
    for (let round = 0; round < ROUNDS; round++) {
      const user = (await t.as('subscriber')).userId;
      const m = await membership(a, user, gold.id);
      const [grant, upgrade] = await Promise.all([
        a.post(`/members/${user}/grant`, { plan_id: silver.id }),
        b.post(`/memberships/${m.id}/upgrade`, { plan_id: silver.id }),
      ]);
      expect(
        [grant.status, upgrade.status].every((s) => s === 200 || s === 409),
        JSON.stringify([grant.body, upgrade.body]),
      ).toBe(true);
      if (upgrade.status === 409) expect(upgrade.body.code).toBe('member_conflict');
      if (grant.status === 409) expect(grant.body.code).toBe('member_conflict');
      expect(await live(user, silver.id)).toBe(1);
    }
  });

  it('the database refuses a second live membership whatever writes it; ended ones are history and may repeat', async () => {
    const p = await plan(a);
    const user = (await t.as('subscriber')).userId;
    const row = {
      userId: user,
      planId: p.id,
      source: 'api',
      startedAt: t.clock.now(),
      createdAt: t.clock.now(),
      updatedAt: t.clock.now(),
    };
    await t.platform.prisma.membership.createMany({
      data: [
        { ...row, status: 'cancelled' },
        { ...row, status: 'expired' },
        { ...row, status: 'active' },
      ],
    });
    for (const status of ['pending', 'trialing', 'active', 'paused']) {
      await expect(t.platform.prisma.membership.create({ data: { ...row, status } }), status).rejects.toMatchObject({
        code: 'P2002',
      });
    }
  });
});

describe('deletes racing writes answer 4xx', () => {
  it('plan delete racing membership creates on two instances: each answer 200/201, 404 or 409, and nothing is left half-done', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const p = await plan(a);
      const users = [await t.as('subscriber'), await t.as('subscriber')].map((u) => u.userId);
      const [deleted, ...created] = await Promise.all([
        a.del(`/plans/${p.id}`),
        ...users.map((user, i) => (i % 2 ? a : b).post('/memberships', { user_id: user, plan_id: p.id })),
      ]);
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
      // 404 once the plan is gone; 409 once a membership made first had the delete archive it.
      for (const c of created) expect([201, 404, 409], JSON.stringify(c.body)).toContain(c.status);
      const made = created.filter((c) => c.status === 201).length;
      const row = await t.platform.prisma.memberPlan.findUnique({ where: { id: p.id } });
      // Deleted only if no membership was made; archived (kept) when one was.
      expect([
        deleted.body.deleted,
        row?.status ?? 'gone',
        await t.platform.prisma.membership.count({ where: { planId: p.id } }),
      ]).toEqual(made ? [false, 'archived', made] : [true, 'gone', 0]);
    }
  });

  it('access rule update racing its delete on two instances: 200 or 404, never 500', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const rule = await ok(await a.post('/access-rules', { target_type: 'course', target_id: 1 }), 201);
      const results = await Promise.all([
        b.patch(`/access-rules/${rule.id}`, { drip_method: 'days_after_start', drip_days: 2 }),
        a.del(`/access-rules/${rule.id}`),
        b.patch(`/access-rules/${rule.id}`, { drip_method: 'days_after_start', drip_days: 3 }),
      ]);
      expect(
        statuses(results).every((s) => s === 200 || s === 404),
        JSON.stringify(results.map((r) => r.body)),
      ).toBe(true);
      expect(results[1]!.status).toBe(200);
      expect(await t.platform.prisma.memberAccessRule.count({ where: { id: rule.id } })).toBe(0);
    }
  });
});
