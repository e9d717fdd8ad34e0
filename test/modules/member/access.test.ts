// Access rules and the one access service: every reason, the course → module → lesson inheritance (the learning part
// declares where items sit; here the instance is built of the core and a test part that declares it), drip by days,
// date and prerequisite by moving the clock, a list answered in a constant number of queries, and POST /access/check
// for the caller or (managers) a user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modules } from '../../../src/modules/index.ts';
import { checkAccess } from '../../../src/modules/member/core/access/check.ts';
import type { Target } from '../../../src/modules/member/core/access/targets.ts';
import { core } from '../../../src/modules/member/core/index.ts';
import { member, memberOf } from '../../../src/modules/member/index.ts';
import type { MemberPart } from '../../../src/modules/member/part.ts';
import { createTestApp, type Caller, type TestApp } from '../../helpers/app.ts';
import { api, membership, ok, plan, type Api } from './helpers.ts';

let t: TestApp;
let admin: Caller;
let a: Api;
let gold: any;
let silver: any;
const completed = new Set<number>();

// Lessons 100..199 sit in module (id / 10) of course 1.
const outline: MemberPart = {
  name: 'test-outline',
  access: {
    ancestry: {
      lesson: async (_platform, ids) =>
        new Map(
          ids.map((id) => [
            id,
            [
              { type: 'module', id: Math.floor(id / 10) },
              { type: 'course', id: 1 },
            ] as Target[],
          ]),
        ),
      module: async (_platform, ids) => new Map(ids.map((id) => [id, [{ type: 'course', id: 1 }] as Target[]])),
    },
    prerequisites: {
      lesson: async (_platform, _user, ids) => new Set(ids.filter((id) => completed.has(id))),
    },
  },
};

beforeAll(async () => {
  t = await createTestApp({ modules: modules.map((m) => (m === member ? memberOf([core, outline]) : m)) });
  admin = await t.as('administrator');
  a = api(t, admin);
  gold = await plan(a, { name: 'Gold' });
  silver = await plan(a, { name: 'Silver' });
});
afterAll(() => t?.close());

const check = (caller: Caller | undefined, target_type: string, target_id: number, user_id?: number) =>
  api(t, caller).post('/access/check', { target_type, target_id, ...(user_id ? { user_id } : {}) });

describe('access rules', () => {
  it('CRUD with drip fields that fit the method; unknown plans 404; bad drip 400', async () => {
    const rule = await ok(
      await a.post('/access-rules', {
        target_type: 'course',
        target_id: 7,
        plan_ids: [gold.id],
        drip_method: 'days_after_start',
        drip_days: 3,
      }),
      201,
    );
    expect(rule).toEqual({
      id: expect.any(Number),
      target_type: 'course',
      target_id: 7,
      plan_ids: [gold.id],
      drip_method: 'days_after_start',
      drip_days: 3,
      drip_date: null,
      prerequisite_type: null,
      prerequisite_id: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const edited = await ok(
      await a.patch(`/access-rules/${rule.id}`, { drip_method: 'date', drip_date: '2027-01-01T00:00:00Z' }),
    );
    expect([edited.drip_method, edited.drip_days, edited.drip_date]).toEqual(['date', null, '2027-01-01T00:00:00Z']);
    expect((await a.patch(`/access-rules/${rule.id}`, { drip_method: 'after_prerequisite' })).body.code).toBe(
      'rest_invalid_param',
    );
    expect(
      (await a.post('/access-rules', { target_type: 'course', drip_method: 'days_after_start' })).body.data.params,
    ).toHaveProperty('drip_days');
    expect((await a.post('/access-rules', { target_type: 'course', plan_ids: [999_999] })).body.code).toBe(
      'member_plan_not_found',
    );
    expect((await a.post('/access-rules', { target_type: 'forum' })).body.code).toBe('rest_invalid_param');
    expect((await a.get('/access-rules?target_type=course&target_id=7')).body.map((r: { id: number }) => r.id)).toEqual(
      [rule.id],
    );
    expect(await ok(await a.del(`/access-rules/${rule.id}`))).toMatchObject({
      deleted: true,
      previous: { id: rule.id },
    });
    expect((await a.del(`/access-rules/${rule.id}`)).body.code).toBe('member_access_rule_not_found');
  });
});

describe('the access service', () => {
  it('answers every reason', async () => {
    await ok(await a.post('/access-rules', { target_type: 'space', target_id: 1, plan_ids: [gold.id] }), 201);
    const none = await t.as('subscriber');
    const inactive = await t.as('subscriber');
    const paused = await membership(a, inactive.userId, gold.id);
    await ok(await a.post(`/memberships/${paused.id}/pause`, {}));
    const member = await t.as('subscriber');
    await membership(a, member.userId, gold.id);
    const other = await t.as('subscriber');
    await membership(a, other.userId, silver.id);

    expect((await check(undefined, 'space', 1)).body).toEqual({
      allowed: false,
      reason: 'not_logged_in',
      plan_ids: [gold.id],
      available_at: null,
    });
    expect((await check(none, 'space', 1)).body).toMatchObject({ allowed: false, reason: 'no_membership' });
    expect((await check(other, 'space', 1)).body).toMatchObject({ allowed: false, reason: 'no_membership' });
    expect((await check(inactive, 'space', 1)).body).toMatchObject({ allowed: false, reason: 'membership_inactive' });
    expect((await check(member, 'space', 1)).body).toEqual({
      allowed: true,
      reason: 'granted',
      plan_ids: [gold.id],
      available_at: null,
    });
    expect((await check(none, 'space', 2)).body).toEqual({
      allowed: true,
      reason: 'no_rule',
      plan_ids: [],
      available_at: null,
    });
    expect((await check(undefined, 'space', 2)).body.reason).toBe('not_logged_in');
    expect((await check(admin, 'space', 1)).body).toMatchObject({ allowed: true, reason: 'granted' });
  });

  it('a course rule covers its modules and lessons unless a more specific rule exists', async () => {
    await ok(await a.post('/access-rules', { target_type: 'course', target_id: 1, plan_ids: [gold.id] }), 201);
    await ok(await a.post('/access-rules', { target_type: 'module', target_id: 12, plan_ids: [silver.id] }), 201);
    await ok(await a.post('/access-rules', { target_type: 'lesson', target_id: 125, plan_ids: [] }), 201);
    const goldie = await t.as('subscriber');
    await membership(a, goldie.userId, gold.id);
    const silvery = await t.as('subscriber');
    await membership(a, silvery.userId, silver.id);
    expect((await check(goldie, 'lesson', 111)).body).toMatchObject({ allowed: true, plan_ids: [gold.id] });
    expect((await check(silvery, 'lesson', 111)).body.allowed).toBe(false);
    expect((await check(goldie, 'lesson', 121)).body).toMatchObject({ allowed: false, plan_ids: [silver.id] });
    expect((await check(silvery, 'lesson', 121)).body.allowed).toBe(true);
    expect((await check(goldie, 'lesson', 125)).body.allowed).toBe(true); // any membership
    expect((await check(silvery, 'module', 13)).body.allowed).toBe(false);
  });

  it('drips by days after start, by date and after a prerequisite, moving the clock', async () => {
    await ok(
      await a.post('/access-rules', {
        target_type: 'lesson',
        target_id: 131,
        plan_ids: [gold.id],
        drip_method: 'days_after_start',
        drip_days: 7,
      }),
      201,
    );
    await ok(
      await a.post('/access-rules', {
        target_type: 'lesson',
        target_id: 132,
        plan_ids: [gold.id],
        drip_method: 'date',
        drip_date: '2026-12-25T09:00:00Z',
      }),
      201,
    );
    await ok(
      await a.post('/access-rules', {
        target_type: 'lesson',
        target_id: 133,
        plan_ids: [gold.id],
        drip_method: 'after_prerequisite',
        prerequisite_type: 'lesson',
        prerequisite_id: 131,
      }),
      201,
    );
    t.clock.set('2026-12-01T00:00:00Z');
    const learner = await t.as('subscriber');
    await membership(a, learner.userId, gold.id);
    expect((await check(learner, 'lesson', 131)).body).toEqual({
      allowed: false,
      reason: 'drip_pending',
      plan_ids: [gold.id],
      available_at: '2026-12-08T00:00:00Z',
    });
    expect((await check(learner, 'lesson', 132)).body).toMatchObject({
      reason: 'drip_pending',
      available_at: '2026-12-25T09:00:00Z',
    });
    expect((await check(learner, 'lesson', 133)).body).toMatchObject({
      allowed: false,
      reason: 'prerequisite_pending',
    });
    t.clock.set('2026-12-08T00:00:00Z');
    expect((await check(learner, 'lesson', 131)).body).toMatchObject({
      allowed: true,
      reason: 'granted',
      available_at: '2026-12-08T00:00:00Z',
    });
    expect((await check(learner, 'lesson', 132)).body.allowed).toBe(false);
    completed.add(131);
    expect((await check(learner, 'lesson', 133)).body.allowed).toBe(true);
    t.clock.set('2026-12-25T09:00:00Z');
    expect((await check(learner, 'lesson', 132)).body.allowed).toBe(true);
  });

  it('answers a list in a constant number of queries, whatever its length', async () => {
    const learner = await t.as('subscriber');
    await membership(a, learner.userId, gold.id);
    const who = { userId: learner.userId, manager: false };
    const lessons = (n: number) => Array.from({ length: n }, (_, i) => ({ type: 'lesson' as const, id: 100 + i }));
    const small = await t.db.statements.measure(() => checkAccess(t.platform, who, lessons(3)));
    const large = await t.db.statements.measure(() => checkAccess(t.platform, who, lessons(90)));
    expect(large.statements).toBe(small.statements);
    expect(small.statements).toBeLessThanOrEqual(2);
    expect(large.result.size).toBe(90);
  });

  it('fires member/access/denied when a gate blocks a read (not for a question)', async () => {
    const denied: unknown[] = [];
    t.platform.events.on('member/access/denied', (p) => void denied.push(p));
    const outsider = await t.as('subscriber');
    await check(outsider, 'space', 1);
    expect(denied).toEqual([]);
    await checkAccess(
      t.platform,
      { userId: outsider.userId, manager: false },
      [
        { type: 'space', id: 1 },
        { type: 'space', id: 2 },
      ],
      { emitDenied: true },
    );
    expect(denied).toEqual([{ user_id: outsider.userId, target_type: 'space', target_id: 1, reason: 'no_membership' }]);
  });

  it('user_id asks for another user and needs member_manage_access', async () => {
    const member = await t.as('subscriber');
    await membership(a, member.userId, gold.id);
    const other = await t.as('subscriber');
    expect((await check(admin, 'space', 1, member.userId)).body).toMatchObject({ allowed: true, reason: 'granted' });
    expect((await check(admin, 'space', 1, other.userId)).body).toMatchObject({
      allowed: false,
      reason: 'no_membership',
    });
    expect((await check(other, 'space', 1, member.userId)).status).toBe(403);
    expect((await check(undefined, 'space', 1, member.userId)).status).toBe(401);
    expect((await check(admin, 'space', 1, 999_999)).body.code).toBe('member_user_not_found');
    expect((await check(admin, 'forum', 1)).status).toBe(400);
  });
});
