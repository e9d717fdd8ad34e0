// Member health: the four factors and the score from hand-computed fixtures, the bands, the daily recompute in a
// constant number of SQL statements whatever the number of members, and GET /members/{id}/health in both faces.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recomputeHealth } from '../../../../src/modules/member/insight/health.ts';
import { ManualClock } from '../../../../src/platform/clock.ts';
import { graphql } from '../../../gql/index.ts';
import { createTestApp, type Caller, type TestApp } from '../../../helpers/app.ts';
import { api, membership, ok, plan, type Api } from '../helpers.ts';

let t: TestApp;
let admin: Caller;
let a: Api;

beforeAll(async () => {
  t = await createTestApp({ clock: new ManualClock('2025-11-22T00:00:00Z') });
  admin = await t.as('administrator');
  a = api(t, admin);
});
afterAll(() => t?.close());

const factors = (h: any) => Object.fromEntries(h.factors.map((f: any) => [f.name, [f.value, f.weight]]));

describe('member health', () => {
  it('scores recency, progress, community and tenure; bands by score', async () => {
    const yearly = await plan(a, { name: 'Yearly', interval: 'year' });
    const veteran = await t.as('subscriber', 'veteran');
    const newcomer = await t.as('subscriber', 'newcomer');
    await membership(a, veteran.userId, yearly.id); // joined a year before "now"
    const course = await ok(await a.post('/courses', { title: 'C', status: 'published' }), 201);
    const mod = await ok(await a.post('/modules', { course_id: course.id, title: 'M' }), 201);
    const lessons = [];
    for (const n of [1, 2, 3, 4])
      lessons.push(await ok(await a.post('/lessons', { module_id: mod.id, title: `L${n}`, status: 'published' }), 201));
    const lounge = await ok(await a.post('/spaces', { name: 'Lounge', visibility: 'public' }), 201);

    t.clock.set('2026-11-12T00:00:00Z');
    await membership(a, newcomer.userId, yearly.id);
    await ok(await api(t, veteran).post(`/progress/${lessons[0].id}`));
    await ok(await api(t, veteran).post(`/progress/${lessons[1].id}`));
    await ok(await api(t, veteran).post(`/progress/${lessons[2].id}`)); // 75 %
    for (const n of [1, 2, 3])
      await ok(await api(t, veteran).post('/topics', { space_id: lounge.id, title: `T${n}`, body: 'x' }), 201); // 60
    t.clock.set('2026-11-22T00:00:00Z'); // 10 days after the veteran's last activity

    const vet = await ok(await a.get(`/members/${veteran.userId}/health`));
    // recency 100 − 10·100/60 = 83; progress 75; community 3·20 = 60; tenure 365 days → 100
    expect(factors(vet)).toEqual({ recency: [83, 0.4], progress: [75, 0.2], community: [60, 0.2], tenure: [100, 0.2] });
    expect(vet).toMatchObject({
      score: Math.round(83 * 0.4 + 75 * 0.2 + 60 * 0.2 + 100 * 0.2),
      band: 'healthy',
      computed_at: '2026-11-22T00:00:00Z',
    });

    const nc = await ok(await a.get(`/members/${newcomer.userId}/health`));
    // no activity: recency 0; no course: progress 50 (neutral); community 0; tenure 10 days → 3
    expect(factors(nc)).toEqual({ recency: [0, 0.4], progress: [50, 0.2], community: [0, 0.2], tenure: [3, 0.2] });
    expect(nc).toMatchObject({ score: Math.round(50 * 0.2 + 3 * 0.2), band: 'critical' });
  });

  it('the daily job recomputes every member in a constant number of statements', async () => {
    const yearly = (await a.get('/plans')).body[0];
    const measure = async () =>
      (await t.platform.db.statements.measure(() => t.platform.jobs.runNow('membership/health/recompute'))).statements;
    const before = await measure();
    for (let i = 0; i < 20; i++) await membership(a, (await t.as('subscriber')).userId, yearly.id);
    t.clock.advance({ days: 1 });
    expect(await measure()).toBe(before);
    expect(await t.platform.prisma.memberHealthScore.count()).toBe(22);
    expect(await recomputeHealth(t.platform)).toBe(22);
  });

  it('is for member_manage_members, in both faces; 404 for an unknown member', async () => {
    const user = (await t.platform.prisma.user.findFirstOrThrow({ where: { username: 'veteran' } })).id;
    expect((await api(t, await t.as('editor')).get(`/members/${user}/health`)).status).toBe(403);
    expect((await a.get('/members/999999/health')).status).toBe(404);
    const Health = graphql(`
      query MemberHealthOf($id: Int!) {
        memberHealth(id: $id) {
          score
          band
          factors {
            name
            value
          }
        }
      }
    `);
    const health = (await t.gql(Health, { id: user }, admin)).data?.memberHealth;
    expect(health?.band).toBe('healthy');
    expect(health?.factors.map((f) => f.name)).toEqual(['recency', 'progress', 'community', 'tenure']);
  });
});
