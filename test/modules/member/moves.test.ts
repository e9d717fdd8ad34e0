// The status table of membership.md, both ways: every allowed move from every status, and every other move a 409
// member_invalid_transition that writes nothing; concurrent moves on one membership never both succeed; proration.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../../helpers/app.ts';
import { api, membership, ok, plan, recordEvents, type Api } from './helpers.ts';

let t: TestApp;
let admin: Caller;
let a: Api;
let monthly: any;
let trial: any;
let daily: any;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('administrator');
  a = api(t, admin);
  monthly = await plan(a, { interval: 'month', price: 3000 });
  trial = await plan(a, { interval: 'month', price: 3000, trial_days: 7 });
  daily = await plan(a, { interval: 'day', price: 100 });
});
afterAll(() => t?.close());

type State = 'pending' | 'trialing' | 'active' | 'scheduled' | 'paused' | 'cancelled' | 'expired';

/** A new membership in the given state, through the API (and the sweep for expired). */
async function inState(state: State) {
  const user = (await t.as('subscriber')).userId;
  if (state === 'pending') return membership(a, user, monthly.id, { status: 'pending' });
  if (state === 'trialing') return membership(a, user, trial.id);
  if (state === 'expired') {
    await membership(a, user, daily.id, { ends_at: new Date(t.clock.now().getTime() + 60_000).toISOString() });
    t.clock.advance({ minutes: 2 });
    await t.platform.jobs.runNow('membership/access/expire-sweep');
    return ok(await a.get(`/memberships?user_id=${user}`)).then((list: any[]) => list[0]);
  }
  const m = await membership(a, user, monthly.id);
  if (state === 'scheduled') return ok(await a.post(`/memberships/${m.id}/cancel`, { reason: 'moving on' }));
  if (state === 'paused') return ok(await a.post(`/memberships/${m.id}/pause`, {}));
  if (state === 'cancelled') return ok(await a.post(`/memberships/${m.id}/cancel`, { immediately: true }));
  return m;
}

const MOVES = {
  cancel: (id: number) => a.post(`/memberships/${id}/cancel`, { reason: 'test' }),
  cancelNow: (id: number) => a.post(`/memberships/${id}/cancel`, { immediately: true }),
  pause: (id: number) => a.post(`/memberships/${id}/pause`, {}),
  resume: (id: number) => a.post(`/memberships/${id}/resume`, {}),
  upgrade: (id: number) => a.post(`/memberships/${id}/upgrade`, { plan_id: daily.id }),
};
type Move = keyof typeof MOVES;

// What each move leaves, or 409.
const TABLE: Record<State, Record<Move, string | 409>> = {
  pending: { cancel: 409, cancelNow: 409, pause: 409, resume: 409, upgrade: 409 },
  trialing: { cancel: 'trialing+end', cancelNow: 'cancelled', pause: 'paused', resume: 409, upgrade: 'trialing' },
  active: { cancel: 'active+end', cancelNow: 'cancelled', pause: 'paused', resume: 409, upgrade: 'active' },
  scheduled: { cancel: 409, cancelNow: 'cancelled', pause: 409, resume: 409, upgrade: 409 },
  paused: { cancel: 'cancelled', cancelNow: 'cancelled', pause: 409, resume: 'active', upgrade: 409 },
  cancelled: { cancel: 409, cancelNow: 409, pause: 409, resume: 409, upgrade: 409 },
  expired: { cancel: 409, cancelNow: 409, pause: 409, resume: 409, upgrade: 409 },
};

describe('the status table', () => {
  for (const [state, moves] of Object.entries(TABLE) as [State, Record<Move, string | 409>][]) {
    it(`from ${state}`, async () => {
      for (const [move, expected] of Object.entries(moves) as [Move, string | 409][]) {
        const m = await inState(state);
        const before = await t.platform.prisma.membership.findUniqueOrThrow({ where: { id: m.id } });
        const res = await MOVES[move](m.id);
        if (expected === 409) {
          expect([state, move, res.status, res.body.code]).toEqual([state, move, 409, 'member_invalid_transition']);
          expect(await t.platform.prisma.membership.findUniqueOrThrow({ where: { id: m.id } })).toEqual(before);
        } else {
          const [status, flag] = expected.split('+');
          expect([state, move, res.status, res.body.status, res.body.cancel_at_period_end]).toEqual([
            state,
            move,
            200,
            status,
            flag === 'end',
          ]);
        }
      }
    });
  }
});

describe('moves', () => {
  it('cancel records the reason and fires membership/cancelled once; access lasts to the period end, then the sweep ends it', async () => {
    const events = recordEvents(t, ['member/membership/cancelled']);
    const m = await inState('active');
    const res = await ok(await a.post(`/memberships/${m.id}/cancel`, { reason: 'too expensive' }));
    expect(res).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      cancel_reason: 'too expensive',
      cancelled_at: t.clock.now().toISOString().replace('.000', ''),
      ended_at: null,
    });
    await new Promise((r) => setImmediate(r));
    expect(events).toEqual([
      {
        name: 'member/membership/cancelled',
        payload: {
          membership_id: m.id,
          user_id: m.user_id,
          plan_id: m.plan_id,
          reason: 'too expensive',
          immediately: false,
        },
      },
    ]);
    t.clock.set(new Date(new Date(m.current_period_end).getTime() + 1000));
    await t.platform.jobs.runNow('membership/access/expire-sweep');
    expect((await a.get(`/memberships?user_id=${m.user_id}`)).body[0]).toMatchObject({
      status: 'cancelled',
      ended_at: m.current_period_end,
    });
    expect(events).toHaveLength(1); // ending at the period end records no new reason
  });

  it('a lifetime membership is cancelled at once', async () => {
    const life = await plan(a, { interval: 'lifetime', price: 20000 });
    const m = await membership(a, (await t.as('subscriber')).userId, life.id);
    expect((await ok(await a.post(`/memberships/${m.id}/cancel`, {}))).status).toBe('cancelled');
  });

  it('pause takes access away; resume gives the paused time back to the period; `until` resumes by itself', async () => {
    const m = await inState('active');
    await ok(await a.post(`/memberships/${m.id}/pause`, {}));
    t.clock.advance({ days: 3 });
    const resumed = await ok(await a.post(`/memberships/${m.id}/resume`, {}));
    expect(new Date(resumed.current_period_end).getTime() - new Date(m.current_period_end).getTime()).toBe(
      3 * 86_400_000,
    );

    const n = await inState('active');
    const until = new Date(t.clock.now().getTime() + 5 * 86_400_000).toISOString();
    await ok(await a.post(`/memberships/${n.id}/pause`, { until }));
    expect((await a.post(`/memberships/${n.id}/pause`, { until: '2020-01-01T00:00:00Z' })).status).toBe(409);
    t.clock.advance({ days: 6 });
    await t.platform.jobs.runNow('membership/access/expire-sweep');
    const after = (await a.get(`/memberships?user_id=${n.user_id}`)).body[0];
    expect(after.status).toBe('active');
    expect(new Date(after.current_period_end).getTime() - new Date(n.current_period_end).getTime()).toBe(
      5 * 86_400_000,
    );
  });

  it('two concurrent moves on one membership never both succeed (row lock; PostgreSQL)', async () => {
    for (const move of ['pause', 'cancelNow', 'upgrade'] as Move[]) {
      const m = await inState('active');
      const results = await Promise.all([0, 1, 2, 3].map(() => MOVES[move](m.id)));
      expect([move, results.filter((r) => r.status === 200).length]).toEqual([move, 1]);
      expect(results.filter((r) => r.status === 409)).toHaveLength(3);
    }
  });
});

describe('upgrade proration (data only)', () => {
  beforeEach(() => t.clock.set('2026-11-22T00:00:00Z')); // a 30-day month ahead
  const upgradeAfter = async (days: number, from: any, to: any) => {
    const m = await membership(a, (await t.as('subscriber')).userId, from.id);
    t.clock.advance({ days });
    const res = await ok(await a.post(`/memberships/${m.id}/upgrade`, { plan_id: to.id }));
    t.clock.advance({ days: -days });
    return { m, res };
  };

  it('credits the unused part of the old plan and charges the new one for the same time, by the second', async () => {
    const small = await plan(a, { interval: 'month', price: 1000 });
    const big = await plan(a, { interval: 'month', price: 3000 });
    const events = recordEvents(t, ['member/membership/upgraded']);
    const { m, res } = await upgradeAfter(10, small, big); // 20 of 30 days left
    expect(res).toMatchObject({
      plan_id: big.id,
      previous_plan_id: small.id,
      proration: { credit: 667, charge: 2000, currency: 'USD' },
      current_period_end: m.current_period_end,
    });
    await new Promise((r) => setImmediate(r));
    expect(events.map((e) => e.payload)).toEqual([
      { membership_id: m.id, user_id: m.user_id, from_plan_id: small.id, to_plan_id: big.id },
    ]);
    expect((await upgradeAfter(0, small, big)).res.proration).toEqual({ credit: 1000, charge: 3000, currency: 'USD' });
    expect((await upgradeAfter(29, small, big)).res.proration).toEqual({ credit: 33, charge: 100, currency: 'USD' });
  });

  it('another period length starts a new period now at the full price; a trial pays nothing; currencies must match', async () => {
    const month = await plan(a, { interval: 'month', price: 1000 });
    const year = await plan(a, { interval: 'year', price: 10000 });
    const { res } = await upgradeAfter(15, month, year);
    expect(res.proration).toEqual({ credit: 500, charge: 10000, currency: 'USD' });
    expect(res.current_period_end).toBe('2027-12-07T00:00:00Z');

    const trialing = await membership(a, (await t.as('subscriber')).userId, trial.id);
    expect((await ok(await a.post(`/memberships/${trialing.id}/upgrade`, { plan_id: month.id }))).proration).toEqual({
      credit: 0,
      charge: 0,
      currency: 'USD',
    });

    const euro = await plan(a, { interval: 'month', price: 900, currency: 'EUR' });
    const m = await membership(a, (await t.as('subscriber')).userId, month.id);
    const refused = await a.post(`/memberships/${m.id}/upgrade`, { plan_id: euro.id });
    expect([refused.status, refused.body.code]).toEqual([409, 'member_conflict']);
    expect((await a.post(`/memberships/${m.id}/upgrade`, { plan_id: month.id })).status).toBe(409);
  });
});
