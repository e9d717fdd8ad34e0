// The four reports against hand-computed fixtures, over REST and GraphQL, for member_view_reports only; the daily
// snapshot stored once (also on two instances at once) and read back as the MRR series. (CLI: ../cli.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../src/platform/config.ts';
import { takeSnapshot } from '../../../../src/modules/member/insight/snapshot.ts';
import { ManualClock } from '../../../../src/platform/clock.ts';
import { createAtrium, type Atrium } from '../../../../src/server.ts';
import { graphql } from '../../../gql/index.ts';
import { createTestApp, type Caller, type TestApp } from '../../../helpers/app.ts';
import { api, membership, ok, plan, type Api } from '../helpers.ts';

let t: TestApp;
let second: Atrium;
let admin: Caller;
let a: Api;
const ids: Record<string, number> = {};

const member = async (name: string) => (ids[name] = (await t.as('subscriber', name)).userId);

beforeAll(async () => {
  t = await createTestApp({ clock: new ManualClock('2026-09-10T12:00:00Z') });
  second = await createAtrium({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://atrium.test' }),
    db: t.db,
    clock: t.clock,
    migrate: false,
    bootstrap: false,
  });
  admin = await t.as('administrator');
  a = api(t, admin);
  // Cohorts: three join in September, one in October, when one of September's leaves.
  const yearly = await plan(a, { name: 'Yearly', price: 120_000, interval: 'year' });
  ids.yearly = yearly.id;
  for (const n of ['sep1', 'sep2', 'sep3']) await membership(a, await member(n), yearly.id);
  t.clock.set('2026-10-05T12:00:00Z');
  await membership(a, await member('oct1'), yearly.id);
  const leaving = (await a.get(`/memberships?user_id=${ids.sep3}`)).body[0];
  await ok(await a.post(`/memberships/${leaving.id}/cancel`, { immediately: true }));
  t.clock.set('2026-11-22T00:00:00Z');
});
// `second` shares t's database: closing t closes it (as in ../jobs.test.ts).
afterAll(() => t?.close());

describe('reports', () => {
  it('mrr: prices normalised to a month, trials and lifetime add 0 but count, other currencies apart', async () => {
    const monthly = await plan(a, { name: 'Monthly', price: 3000, interval: 'month' });
    const weekly = await plan(a, { name: 'Weekly', price: 1000, interval: 'week' });
    const quarterly = await plan(a, { name: 'Quarterly', price: 9000, interval: 'month', interval_count: 3 });
    const lifetime = await plan(a, { name: 'Lifetime', price: 50_000, interval: 'lifetime' });
    const trial = await plan(a, { name: 'Trial', price: 3000, interval: 'month', trial_days: 14 });
    const euro = await plan(a, { name: 'Euro', price: 2000, interval: 'month', currency: 'EUR' });
    for (const [n, p] of [
      ['m1', monthly],
      ['w1', weekly],
      ['q1', quarterly],
      ['l1', lifetime],
      ['t1', trial],
      ['e1', euro],
      ['gone', monthly],
      ['paused', monthly],
    ] as const) {
      await membership(a, await member(n), p.id);
    }
    const gone = (await a.get(`/memberships?user_id=${ids.gone}`)).body[0];
    await ok(await a.post(`/memberships/${gone.id}/cancel`, { immediately: true }));
    const paused = (await a.get(`/memberships?user_id=${ids.paused}`)).body[0];
    await ok(await a.post(`/memberships/${paused.id}/pause`, {}));

    const r = await ok(await a.get('/reports/mrr'));
    // 3000 + 1000·52/12 (4333.33) + 9000/3 + 120000/12 (the two yearly members left from the cohorts) · 2
    expect(r).toMatchObject({
      currency: 'USD',
      mrr: Math.round(3000 + (1000 * 52) / 12 + 3000 + 10_000 * 3),
      active_members: 9,
    });
    expect(r.by_plan).toEqual([
      { plan_id: ids.yearly, members: 3, mrr: 30_000 },
      { plan_id: monthly.id, members: 1, mrr: 3000 },
      { plan_id: weekly.id, members: 1, mrr: 4333 },
      { plan_id: quarterly.id, members: 1, mrr: 3000 },
      { plan_id: lifetime.id, members: 1, mrr: 0 },
      { plan_id: trial.id, members: 1, mrr: 0 },
    ]);
    expect(r.other_currencies).toEqual([{ currency: 'EUR', mrr: 2000 }]);
    expect(r.series).toEqual([{ month: '2026-11', mrr: r.mrr }]);
  });

  it('cohort: first-membership months, retained at the end of each month since', async () => {
    // sep2 holds a second, overlapping membership (counted once); sep3, gone in October, is back now.
    const monthly = (await a.get('/plans')).body.find((p: any) => p.name === 'Monthly');
    await membership(a, ids.sep2!, monthly.id);
    await membership(a, ids.sep3!, monthly.id);
    const r = await ok(await a.get('/reports/cohort?since=3'));
    expect(r.cohorts.slice(0, 2)).toEqual([
      { cohort: '2026-09', size: 3, retained: [3, 2, 3] },
      { cohort: '2026-10', size: 1, retained: [1, 1] },
    ]);
    // November: everyone of the mrr fixture; the one cancelled at once is not retained now, the paused one is.
    expect(r.cohorts[2]).toEqual({ cohort: '2026-11', size: 8, retained: [7] });
    expect((await ok(await a.get('/reports/cohort?since=2'))).cohorts.map((c: any) => c.cohort)).toEqual([
      '2026-10',
      '2026-11',
    ]);
    expect((await a.get('/reports/cohort?since=0')).status).toBe(400);
    expect((await a.get('/reports/cohort?since=abc')).status).toBe(400);
  });

  it('courses: enrolled by progress or by a course rule, completed, rate, mean best quiz score', async () => {
    const course = await ok(await a.post('/courses', { title: 'Basics', status: 'published' }), 201);
    const mod = await ok(await a.post('/modules', { course_id: course.id, title: 'One' }), 201);
    const lesson = await ok(
      await a.post('/lessons', { module_id: mod.id, title: 'L1', status: 'published', content: 'x' }),
      201,
    );
    const quiz = await ok(
      await a.post('/quizzes', {
        lesson_id: lesson.id,
        title: 'Q',
        questions: [{ type: 'true_false', prompt: 'Yes?', answer: true }],
        max_attempts: 3,
      }),
      201,
    );
    const learner = await t.as('subscriber', 'learner');
    const other = await t.as('subscriber', 'learner2');
    await ok(await api(t, learner).post(`/quizzes/${quiz.id}/attempts`, { answers: { 1: false } }), 201); // 0
    await ok(await api(t, learner).post(`/quizzes/${quiz.id}/attempts`, { answers: { 1: true } }), 201); // 100 (best)
    await ok(await api(t, learner).post(`/progress/${lesson.id}`));
    await ok(await api(t, other).post(`/quizzes/${quiz.id}/attempts`, { answers: { 1: false } }), 201); // 0
    const empty = await ok(await a.post('/courses', { title: 'Advanced', status: 'published' }), 201);
    await ok(
      await a.post('/access-rules', { target_type: 'course', target_id: empty.id, plan_ids: [ids.yearly] }),
      201,
    );

    const rows = await ok(await a.get('/reports/courses'));
    expect(rows).toEqual([
      { course_id: course.id, title: 'Basics', enrolled: 2, completed: 1, completion_rate: 0.5, avg_quiz_score: 50 },
      { course_id: empty.id, title: 'Advanced', enrolled: 3, completed: 0, completion_rate: 0, avg_quiz_score: null },
    ]);
  });

  it('engagement: activity per UTC day, empty days included', async () => {
    const lounge = await ok(await a.post('/spaces', { name: 'Lounge', visibility: 'public' }), 201);
    const m1 = await t.as('subscriber', 'poster');
    t.clock.set('2026-11-20T10:00:00Z');
    const topic = await ok(await api(t, m1).post('/topics', { space_id: lounge.id, title: 'Hi', body: 'there' }), 201);
    t.clock.set('2026-11-21T23:59:00Z');
    await ok(await api(t, m1).post('/replies', { topic_id: topic.id, body: 'late' }), 201);
    await ok(await api(t, admin).post('/replies', { topic_id: topic.id, body: 'welcome' }), 201);
    t.clock.set('2026-11-22T00:00:00Z');
    const days = await ok(await a.get('/reports/engagement?days=3'));
    expect(days.map((d: any) => d.date)).toEqual(['2026-11-20', '2026-11-21', '2026-11-22']);
    expect(days[0]).toMatchObject({ active_members: 1, topics: 1, replies: 0, messages: 0 });
    expect(days[1]).toMatchObject({ active_members: 2, topics: 0, replies: 2 });
    expect(days[2].topics).toBe(0);
    expect((await a.get('/reports/engagement?days=367')).status).toBe(400);
  });

  it('needs member_view_reports: 401 anonymous, 403 subscriber and editor, both faces', async () => {
    for (const path of ['/reports/mrr', '/reports/cohort', '/reports/courses', '/reports/engagement']) {
      expect((await api(t).get(path)).status).toBe(401);
      expect((await api(t, await t.as('editor')).get(path)).status).toBe(403);
      expect((await api(t, await t.as('shop_manager')).get(path)).status).toBe(200);
    }
    const Mrr = graphql(`
      query MrrReport {
        memberMrrReport {
          mrr
          activeMembers
          series {
            month
            mrr
          }
        }
      }
    `);
    expect((await t.gql(Mrr, {}, admin)).data?.memberMrrReport?.activeMembers).toBeGreaterThan(0);
    expect((await t.gql(Mrr, {}, await t.as('subscriber'))).errors?.[0]?.extensions?.code).toBe('rest_forbidden');
  });
});

describe('membership/analytics/snapshot', () => {
  it('stores the day that ended once, also on two instances at once, and the mrr series reads it', async () => {
    t.clock.set('2026-12-01T00:05:00Z');
    const results = await Promise.all([
      takeSnapshot(t.platform),
      takeSnapshot(second.platform),
      t.platform.jobs.runNow('membership/analytics/snapshot'),
    ]);
    expect(
      results
        .slice(0, 2)
        .map((r: any) => r.stored)
        .sort(),
    ).toEqual([false, true]);
    const rows = await t.platform.prisma.memberDailySnapshot.findMany();
    expect(rows.map((r) => r.day.toISOString().slice(0, 10))).toEqual(['2026-11-30']);
    const live = await ok(await a.get('/reports/mrr'));
    expect(rows[0]).toMatchObject({ currency: 'USD', mrr: BigInt(live.mrr), activeMembers: live.active_members }); // a bigint column
    expect(live.series).toEqual([
      { month: '2026-11', mrr: live.mrr },
      { month: '2026-12', mrr: live.mrr },
    ]);
  });
});
