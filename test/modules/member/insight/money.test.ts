// Money past 2^31 (issue 25, item 7): amounts in minor units are 53-bit integers (GraphQL SafeInt, a JSON integer over
// REST, bigint columns); reports sum in SQL and stay exact past 2^31. A plan at 2,147,483,647 minor units a day with
// one member used to break /reports/mrr on both faces (VND and IDR sites reach such sums quickly).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeSnapshot } from '../../../../src/modules/member/insight/snapshot.ts';
import { createTestApp, type Caller, type TestApp } from '../../../helpers/app.ts';
import { api, membership, ok, plan, type Api } from '../helpers.ts';

let t: TestApp;
let admin: Caller;
let a: Api;

const INT32_MAX = 2_147_483_647;
/** The report's monthly amount of `members` memberships of a day plan, rounded half up, computed exactly. */
const dayPlanMrr = (price: number, members: number) => {
  const twelfths = BigInt(price) * 365n * BigInt(members); // × 365 / 12
  return Number((twelfths * 2n + 12n) / 24n);
};

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-12-15T00:00:00Z');
  admin = await t.as('administrator');
  a = api(t, admin);
});
afterAll(() => t?.close());

const MRR_QUERY =
  'query { memberMrrReport { currency mrr activeMembers byPlan { planId members mrr } series { month mrr } } }';

describe('a plan at 2,147,483,647 minor units a day', () => {
  let day: any;
  beforeAll(async () => {
    day = await plan(a, { name: 'Dong daily', price: INT32_MAX, interval: 'day' });
    const user = await t.as('subscriber');
    await membership(a, user.userId, day.id, { status: 'active' });
  });

  it('GET /member/v1/reports/mrr and memberMrrReport answer the exact amount', async () => {
    const expected = dayPlanMrr(INT32_MAX, 1);
    expect(expected).toBeGreaterThan(INT32_MAX);
    const rest = await ok(await a.get('/reports/mrr'));
    expect(rest).toMatchObject({
      mrr: expected,
      active_members: 1,
      by_plan: [{ plan_id: day.id, members: 1, mrr: expected }],
    });
    const gql = await t.http.post('/graphql').set(admin.headers).send({ query: MRR_QUERY });
    expect(gql.body.errors).toBeUndefined();
    expect(gql.body.data.memberMrrReport).toMatchObject({
      mrr: expected,
      byPlan: [{ planId: day.id, members: 1, mrr: expected }],
    });
  });

  it('the daily snapshot stores it, and the series reads it back exactly', async () => {
    t.clock.set('2026-11-30T12:00:00Z');
    expect(await takeSnapshot(t.platform)).toEqual({ day: '2026-11-29', stored: true });
    t.clock.set('2026-12-15T00:00:00Z');
    const rest = await ok(await a.get('/reports/mrr'));
    expect(rest.series).toEqual([
      { month: '2026-11', mrr: dayPlanMrr(INT32_MAX, 1) },
      { month: '2026-12', mrr: dayPlanMrr(INT32_MAX, 1) },
    ]);
  });

  it('sums of many members stay exact (the total is rounded once, in SQL)', async () => {
    for (let i = 0; i < 2; i++) await membership(a, (await t.as('subscriber')).userId, day.id, { status: 'active' });
    const rest = await ok(await a.get('/reports/mrr'));
    expect([rest.mrr, rest.by_plan[0].mrr]).toEqual([dayPlanMrr(INT32_MAX, 3), dayPlanMrr(INT32_MAX, 3)]);
  });
});

describe('prices are 53-bit integers on both faces', () => {
  const BIG = 9_000_000_000_000; // 9e12 minor units: far past 2^31, well within 2^53

  it('a price past 2^31 is stored and answered as given (REST and GraphQL)', async () => {
    const p = await plan(a, { name: 'Rupiah yearly', price: BIG, interval: 'year', currency: 'IDR' });
    await membership(a, (await t.as('subscriber')).userId, p.id, { status: 'active' });
    expect(p.price).toBe(BIG);
    const patched = await ok(await a.patch(`/plans/${p.id}`, { price: BIG + 1 }));
    expect(patched.price).toBe(BIG + 1);
    const gql = await t.http
      .post('/graphql')
      .set(admin.headers)
      .send({
        query: `mutation { createMemberPlan(input: {name: "Big GQL", price: ${BIG}, interval: month}) { price } }`,
      });
    expect(gql.body).toEqual({ data: { createMemberPlan: { price: BIG } } });
    const read = await t.http
      .post('/graphql')
      .set(admin.headers)
      .send({ query: `query { memberPlan(id: ${p.id}) { price } }` });
    expect(read.body).toEqual({ data: { memberPlan: { price: BIG + 1 } } });
    const report = await ok(await a.get('/reports/mrr'));
    expect(report.other_currencies).toEqual([{ currency: 'IDR', mrr: Math.round((BIG + 1) / 12) }]);
  });

  it('a price past 2^53 - 1, negative or fractional is a 400 on both faces', async () => {
    for (const price of [2 ** 53, -1, 1.5]) {
      const rest = await a.post('/plans', { name: `Bad ${price}`, price, interval: 'month' });
      expect([price, rest.status, rest.body.code]).toEqual([price, 400, 'rest_invalid_param']);
      const gql = await t.http
        .post('/graphql')
        .set(admin.headers)
        .send({
          query: 'mutation ($p: SafeInt) { createMemberPlan(input: {name: "Bad", price: $p, interval: month}) { id } }',
          variables: { p: price },
        });
      expect([price, gql.body.errors?.[0]?.extensions?.status]).toEqual([price, 400]);
    }
    const literal = await t.http.post('/graphql').set(admin.headers).send({
      query: 'mutation { createMemberPlan(input: {name: "Bad", price: 9007199254740993, interval: month}) { id } }',
    });
    expect([literal.status, literal.body.errors[0].extensions.status]).toEqual([400, 400]);
    expect(await t.platform.prisma.memberPlan.count({ where: { name: { startsWith: 'Bad' } } })).toBe(0);
  });

  it('proration of an upgrade between such plans is exact to the minor unit', async () => {
    const from = await plan(a, { name: 'From', price: BIG, interval: 'month' });
    const to = await plan(a, { name: 'To', price: BIG * 2, interval: 'month' });
    const user = await t.as('subscriber');
    const m = await membership(a, user.userId, from.id, { status: 'active' });
    const up = await ok(await a.post(`/memberships/${m.id}/upgrade`, { plan_id: to.id }));
    expect(Number.isSafeInteger(up.proration.credit) && Number.isSafeInteger(up.proration.charge)).toBe(true);
    expect(up.proration.charge).toBeGreaterThan(INT32_MAX);
    const gql = await t.http
      .post('/graphql')
      .set(admin.headers)
      .send({ query: `query { memberships(planId: ${to.id}) { items { id proration { credit charge } } } }` });
    expect(gql.body.data.memberships.items).toEqual([
      { id: m.id, proration: { credit: up.proration.credit, charge: up.proration.charge } },
    ]);
  });
});
