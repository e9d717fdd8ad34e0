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
