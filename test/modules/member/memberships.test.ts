// Memberships: created (api), granted (manual) and revoked; one live membership per user and plan, also under
// concurrent grants; list filters; the events they fire, once, with their payloads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../../helpers/app.ts';
import { api, membership, ok, plan, recordEvents, type Api } from './helpers.ts';

let t: TestApp;
let admin: Caller;
let a: Api;
let events: { name: string; payload: any }[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('administrator');
  a = api(t, admin);
  events = recordEvents(t, ['member/membership/created', 'member/membership/cancelled']);
});
afterAll(() => t?.close());

describe('POST /memberships', () => {
  it('creates an active membership for one period of the plan, and fires membership/created once', async () => {
    const p = await plan(a, { interval: 'month', interval_count: 1 });
    const user = await t.as('subscriber');
    events.length = 0;
    const m = await membership(a, user.userId, p.id);
    expect(m).toMatchObject({
      user_id: user.userId,
      plan_id: p.id,
      status: 'active',
      started_at: '2026-11-22T00:00:00Z',
      current_period_end: '2026-12-22T00:00:00Z',
      source: 'api',
      plan: { id: p.id, slug: p.slug },
    });
    await new Promise((r) => setImmediate(r));
    expect(events).toEqual([
      {
        name: 'member/membership/created',
        payload: { membership_id: m.id, user_id: user.userId, plan_id: p.id, status: 'active', source: 'api' },
      },
    ]);
  });

  it('a plan with trial days starts trialing, its first period after the trial; pending on request; lifetime has no end', async () => {
    const trial = await plan(a, { interval: 'month', trial_days: 14 });
    const m = await membership(a, (await t.as('subscriber')).userId, trial.id);
    expect(m).toMatchObject({
      status: 'trialing',
      trial_ends_at: '2026-12-06T00:00:00Z',
      current_period_end: '2027-01-06T00:00:00Z',
    });
    const pending = await membership(a, (await t.as('subscriber')).userId, trial.id, { status: 'pending' });
    expect(pending.status).toBe('pending');
    const lifetime = await plan(a, { interval: 'lifetime', price: 50000 });
    expect((await membership(a, (await t.as('subscriber')).userId, lifetime.id)).current_period_end).toBeNull();
  });

  it('one live membership per user and plan: a second is 409, also when two arrive at once', async () => {
    const p = await plan(a);
    const user = await t.as('subscriber');
    await membership(a, user.userId, p.id);
    const again = await a.post('/memberships', { user_id: user.userId, plan_id: p.id });
    expect([again.status, again.body.code]).toEqual([409, 'member_conflict']);
    const other = await t.as('subscriber');
    const both = await Promise.all(
      [0, 1, 2].map(() => a.post('/memberships', { user_id: other.userId, plan_id: p.id })),
    );
    expect(both.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await t.platform.prisma.membership.count({ where: { userId: other.userId, planId: p.id } })).toBe(1);
  });

  it('unknown user or plan 404; bad input 400; nothing written', async () => {
    const before = await t.platform.prisma.membership.count();
    const p = await plan(a);
    expect((await a.post('/memberships', { user_id: 999_999, plan_id: p.id })).body.code).toBe('member_user_not_found');
    expect((await a.post('/memberships', { user_id: admin.userId, plan_id: 999_999 })).body.code).toBe(
      'member_plan_not_found',
    );
    for (const body of [
      { user_id: 'x', plan_id: p.id },
      { user_id: admin.userId, plan_id: p.id, status: 'cancelled' },
      { user_id: admin.userId, plan_id: p.id, ends_at: 'tomorrow' },
    ]) {
      expect((await a.post('/memberships', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await a.post('/memberships', { plan_id: p.id })).body.code).toBe('rest_missing_callback_param');
    expect(await t.platform.prisma.membership.count()).toBe(before);
  });
});

describe('grant and revoke', () => {
  it('grant creates a manual active membership, or activates the live one (ends_at sets its end); revoke ends it now', async () => {
    const p = await plan(a);
    const user = await t.as('subscriber');
    const granted = await ok(
      await a.post(`/members/${user.userId}/grant`, { plan_id: p.id, ends_at: '2027-06-01T00:00:00Z' }),
    );
    expect(granted).toMatchObject({ status: 'active', source: 'manual', current_period_end: '2027-06-01T00:00:00Z' });
    const paused = await ok(await a.post(`/memberships/${granted.id}/pause`, {}));
    expect(paused.status).toBe('paused');
    const again = await ok(await a.post(`/members/${user.userId}/grant`, { plan_id: p.id }));
    expect([again.id, again.status]).toEqual([granted.id, 'active']);
    events.length = 0;
    const revoked = await ok(await a.post(`/members/${user.userId}/revoke`, { plan_id: p.id }));
    expect(revoked).toMatchObject({
      id: granted.id,
      status: 'cancelled',
      cancel_reason: 'revoked',
      ended_at: '2026-11-22T00:00:00Z',
    });
    await new Promise((r) => setImmediate(r));
    expect(events).toEqual([
      {
        name: 'member/membership/cancelled',
        payload: {
          membership_id: granted.id,
          user_id: user.userId,
          plan_id: p.id,
          reason: 'revoked',
          immediately: true,
        },
      },
    ]);
    expect((await a.post(`/members/${user.userId}/revoke`, { plan_id: p.id })).body.code).toBe(
      'member_membership_not_found',
    );
    const fresh = await ok(await a.post(`/members/${user.userId}/grant`, { plan_id: p.id }));
    expect(fresh.id).not.toBe(granted.id); // the ended one stays as history
  });
});

describe('GET /memberships', () => {
  it('lists newest first, filtered by user_id, plan_id and status, with paging headers', async () => {
    const p = await plan(a);
    const user = await t.as('subscriber');
    const first = await membership(a, user.userId, p.id);
    await ok(await a.post(`/memberships/${first.id}/cancel`, { immediately: true }));
    const second = await membership(a, user.userId, p.id);
    const mine = await a.get(`/memberships?user_id=${user.userId}`);
    expect(mine.body.map((m: { id: number }) => m.id)).toEqual([second.id, first.id]);
    expect(mine.headers['x-wp-total']).toBe('2');
    expect(
      (await a.get(`/memberships?user_id=${user.userId}&status=cancelled`)).body.map((m: { id: number }) => m.id),
    ).toEqual([first.id]);
    expect((await a.get(`/memberships?plan_id=${p.id}&per_page=1`)).headers.link).toContain('rel="next"');
    expect((await a.get('/memberships?status=gone')).body.code).toBe('rest_invalid_param');
  });
});
