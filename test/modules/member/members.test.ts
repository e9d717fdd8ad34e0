// Members: users who have or had a membership. Filters, search, pages in a constant number of statements whatever
// their size, the detail with its sections (empty until the learning, community and insight parts fill them), both
// faces; the site-health check for memberships past their end; the templates that need membership.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../../gql/index.ts';
import { createTestApp, type Caller, type TestApp } from '../../helpers/app.ts';
import { api, membership, ok, plan, type Api } from './helpers.ts';

let t: TestApp;
let admin: Caller;
let a: Api;
let gold: any;
let silver: any;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('administrator');
  a = api(t, admin);
  gold = await plan(a, { name: 'Gold', interval: 'month' });
  silver = await plan(a, { name: 'Silver', interval: 'day' });
  for (const name of ['ada', 'grace', 'linus']) ids[name] = (await t.as('subscriber', name)).userId;
  await membership(a, ids.ada!, gold.id);
  await membership(a, ids.grace!, silver.id);
  const ended = await membership(a, ids.linus!, gold.id);
  await ok(await a.post(`/memberships/${ended.id}/cancel`, { immediately: true }));
  await t.as('subscriber', 'never-joined');
});
afterAll(() => t?.close());

const names = (body: { username: string }[]) => body.map((m) => m.username);

describe('GET /members', () => {
  it('lists users who have or had a membership, newest first, with their memberships and status', async () => {
    const res = await a.get('/members');
    expect(names(res.body)).toEqual(['linus', 'grace', 'ada']);
    expect(res.headers['x-wp-total']).toBe('3');
    expect(res.body[2]).toMatchObject({
      id: ids.ada,
      display_name: 'ada',
      email: 'ada@example.com',
      registered_at: expect.any(String),
      active_plan_ids: [gold.id],
      status: 'active',
      memberships: [{ plan_id: gold.id, status: 'active', plan: { slug: 'gold' } }],
    });
    expect(res.body[0]).toMatchObject({ status: 'inactive', active_plan_ids: [] });
  });

  it('filters by plan, status and search', async () => {
    expect(names((await a.get(`/members?plan_id=${gold.id}`)).body)).toEqual(['linus', 'ada']);
    expect(names((await a.get('/members?status=active')).body)).toEqual(['grace', 'ada']);
    expect(names((await a.get('/members?status=inactive')).body)).toEqual(['linus']);
    expect(names((await a.get('/members?search=GRA')).body)).toEqual(['grace']);
    t.clock.advance({ days: 2 }); // silver is daily: grace's period ended
    expect(names((await a.get('/members?status=active')).body)).toEqual(['ada']);
    t.clock.advance({ days: -2 });
    expect((await a.get('/members?status=maybe')).status).toBe(400);
    expect((await a.get('/members?page=9')).body.code).toBe('rest_post_invalid_page_number');
  });

  it('a page costs the same statements whatever its size (REST and GraphQL)', async () => {
    for (let i = 0; i < 30; i++) await membership(a, (await t.as('subscriber')).userId, gold.id);
    const rest = async (n: number) => (await t.db.statements.measure(() => a.get(`/members?per_page=${n}`))).statements;
    const [small, large] = [await rest(2), await rest(30)];
    expect(large).toBe(small);
    const gql = async (n: number) =>
      (
        await t.db.statements.measure(() =>
          t.http
            .post('/graphql')
            .set(admin.headers)
            .send({
              query: `{ members(perPage: ${n}) { total items { id status activePlanIds memberships { id plan { slug activeMembers } } } } }`,
            }),
        )
      ).statements;
    expect(await gql(30)).toBe(await gql(2));
  });
});

describe('GET /members/{id}', () => {
  it('answers the member with progress, badges and health (a new member with no activity: critical); others 404', async () => {
    const res = await ok(await a.get(`/members/${ids.ada}`));
    expect(res).toMatchObject({
      id: ids.ada,
      status: 'active',
      progress: [],
      badges: [],
      health: { score: 10, band: 'critical', computed_at: '2026-11-22T00:00:00Z' },
    });
    expect(await ok(await a.get(`/members/${ids.ada}/progress`))).toEqual([]);
    const health = await ok(await a.get(`/members/${ids.ada}/health`));
    // no activity 0 · no course 50 (neutral) · no posts 0 · joined today 0
    expect(health.factors.map((f: any) => [f.name, f.value])).toEqual([
      ['recency', 0],
      ['progress', 50],
      ['community', 0],
      ['tenure', 0],
    ]);
    const never = (await t.platform.prisma.user.findFirstOrThrow({ where: { username: 'never-joined' } })).id;
    for (const p of [
      `/members/${never}`,
      `/members/${never}/progress`,
      `/members/${never}/health`,
      '/members/999999',
    ]) {
      expect((await a.get(p)).body.code, p).toBe('member_member_not_found');
    }
  });

  it('the same over GraphQL', async () => {
    const Member = graphql(`
      query MemberDetail($id: Int!) {
        member(id: $id) {
          id
          username
          status
          activePlanIds
          memberships {
            status
            plan {
              slug
            }
          }
          health {
            score
            band
          }
          progress {
            courseId
          }
        }
      }
    `);
    const res = await t.gql(Member, { id: ids.ada! }, admin);
    expect(res.data?.member).toEqual({
      id: ids.ada,
      username: 'ada',
      status: 'active',
      activePlanIds: [gold.id],
      memberships: [{ status: 'active', plan: { slug: 'gold' } }],
      health: { score: 10, band: 'critical' },
      progress: [],
    });
    const refused = await t.gql(Member, { id: ids.ada! }, await t.as('subscriber'));
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'rest_forbidden', status: 403 });
  });
});

describe('site health and templates', () => {
  it('member_overdue_memberships warns while an ended period still grants access, and is ok once swept', async () => {
    const check = t.platform.checks.find((c) => c.id === 'member_overdue_memberships')!;
    expect((await check.run(t.platform)).status).toBe('ok');
    t.clock.advance({ days: 40 });
    const late = await check.run(t.platform);
    expect(late.status).toBe('warning');
    expect(late.message).toMatch(/^\d+ membership\(s\) ended more than two hours ago/);
    await t.platform.jobs.runNow('membership/access/expire-sweep');
    expect((await check.run(t.platform)).status).toBe('ok');
  });

  it('the bundled templates that need the member module now meet their requirements', async () => {
    for (const key of ['community-welcome', 'course-sales-page', 'membership-pricing']) {
      const req = (await t.http.get(`/wp-json/templates/v1/requirements/${key}`).set(admin.headers)).body;
      expect([key, req.met, req.modules]).toEqual([key, true, [{ name: 'member', met: true }]]);
    }
  });
});

describe("the members' sections on a page", () => {
  it("a page shows each member's progress, badges and health as their own answer does, in statements that do not grow", async () => {
    const course = await ok(await a.post('/courses', { title: 'Gold course', status: 'published' }), 201);
    const mod = await ok(await a.post('/modules', { course_id: course.id, title: 'One' }), 201);
    const lessons = [];
    for (const title of ['First', 'Second'])
      lessons.push(await ok(await a.post('/lessons', { module_id: mod.id, title, status: 'published' }), 201));
    await ok(await a.post('/access-rules', { target_type: 'course', target_id: course.id, plan_ids: [gold.id] }), 201);
    const [learner, mentored] = [await t.as('subscriber'), await t.as('subscriber')];
    for (const c of [learner, mentored]) await membership(a, c.userId, gold.id);
    await ok(await api(t, learner).post(`/progress/${lessons[0].id}`));
    const mentor = await ok(await a.post('/badges', { name: 'Mentor' }), 201);
    await ok(await a.post(`/members/${mentored.userId}/badges/${mentor.id}`), 201);

    const query = (n: number) =>
      `{ members(perPage: ${n}) { items { id progress { courseId completedLessons totalLessons percent completed } badges { slug } health { score band } } } }`;
    const page = async (n: number) => {
      const res = await t.http
        .post('/graphql')
        .set(admin.headers)
        .send({ query: query(n) });
      expect(res.body.errors).toBeUndefined();
      return res.body.data.members.items as any[];
    };
    const items = await page(40); // also computes the health of members the daily job has not reached
    const byId = new Map(items.map((m) => [m.id, m]));
    const progress = { courseId: course.id, completedLessons: 1, totalLessons: 2, percent: 50, completed: false };
    expect(byId.get(learner.userId).progress).toEqual([progress]);
    expect(byId.get(mentored.userId).progress).toEqual([{ ...progress, completedLessons: 0, percent: 0 }]);
    expect(byId.get(mentored.userId).badges).toEqual([{ slug: 'mentor' }]);
    expect(byId.get(ids.linus).progress).toEqual([]); // his membership ended: no grant
    for (const id of [learner.userId, mentored.userId, ids.linus!, ids.grace!]) {
      const own = await ok(await a.get(`/members/${id}`));
      const listed = byId.get(id);
      expect(listed.progress.map((p: any) => [p.courseId, p.percent])).toEqual(
        own.progress.map((p: any) => [p.course_id, p.percent]),
      );
      expect(listed.badges.map((b: any) => b.slug)).toEqual(own.badges.map((b: any) => b.slug));
      expect(listed.health).toEqual({ score: own.health.score, band: own.health.band });
    }
    const statements = async (n: number) => (await t.db.statements.measure(() => page(n))).statements;
    expect(await statements(40)).toBe(await statements(2));
  });
});
