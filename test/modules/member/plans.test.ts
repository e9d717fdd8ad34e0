// Plans: public reads of active plans, manager writes (member_manage_plans), slugs, archive instead of delete.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../../helpers/app.ts';
import { api, membership, ok, plan, type Api } from './helpers.ts';

let t: TestApp;
let admin: Caller;
let a: Api;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('administrator');
  a = api(t, admin);
});
afterAll(() => t?.close());

describe('plans', () => {
  it('create answers 201 with every field; the slug comes from the name and is unique', async () => {
    const res = await a.post('/plans', {
      name: 'Gold Yearly (Pro)',
      price: 12000,
      interval: 'year',
      trial_days: 14,
      description: 'All courses.',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      _links: {
        self: [{ href: `http://atrium.test/wp-json/member/v1/plans/${res.body.id}` }],
        collection: [{ href: 'http://atrium.test/wp-json/member/v1/plans' }],
      },
      id: expect.any(Number),
      name: 'Gold Yearly (Pro)',
      slug: 'gold-yearly-pro',
      description: 'All courses.',
      price: 12000,
      currency: 'USD',
      interval: 'year',
      interval_count: 1,
      trial_days: 14,
      status: 'active',
      position: 1,
      active_members: 0,
      created_at: '2026-11-22T00:00:00Z',
      updated_at: '2026-11-22T00:00:00Z',
    });
    const dup = await a.post('/plans', { name: 'Gold yearly pro' });
    expect([dup.status, dup.body.code]).toEqual([409, 'member_conflict']);
  });

  it('everyone lists active plans by position (from 1; a given one moves the others along); managers also see archived ones; GET one hides archived from the public', async () => {
    const late = await plan(a, { name: 'Late', position: 9 }); // past the end: last
    const first = await plan(a, { name: 'First', position: 1 });
    const old = await plan(a, { name: 'Old' });
    await ok(await a.patch(`/plans/${old.id}`, { status: 'archived' }));
    const anon = await api(t).get('/plans?per_page=100');
    expect(anon.status).toBe(200);
    const names = anon.body.map((p: { name: string }) => p.name);
    expect(names.indexOf('First')).toBeLessThan(names.indexOf('Late'));
    expect(names).not.toContain('Old');
    expect((await a.get('/plans?status=archived')).body.map((p: { id: number }) => p.id)).toEqual([old.id]);
    expect((await api(t).get('/plans?status=archived')).status).toBe(400);
    expect((await api(t).get(`/plans/${old.id}`)).body.code).toBe('member_plan_not_found');
    expect((await a.get(`/plans/${old.id}`)).body.status).toBe('archived');
    expect((await api(t).get(`/plans/${first.id}`)).body.name).toBe('First');
    expect(late.position).toBe(2);
    const all = (await a.get('/plans?per_page=100&status=active')).body.map(
      (p: { name: string; position: number }) => `${p.name}${p.position}`,
    );
    expect(all.slice(0, 3)).toEqual(['First1', 'Gold Yearly (Pro)2', 'Late3']);
    expect((await a.post('/plans', { name: 'Zero', position: 0 })).status).toBe(400);
  });

  it('PATCH edits; bad input is 400 and writes nothing; unknown ids 404', async () => {
    const p = await plan(a);
    const edited = await ok(await a.patch(`/plans/${p.id}`, { price: 2500, interval: 'month', interval_count: 3 }));
    expect([edited.price, edited.interval_count]).toEqual([2500, 3]);
    for (const body of [
      { price: -1 },
      { currency: 'usd' },
      { interval: 'fortnight' },
      { interval_count: 0 },
      { name: '' },
      { slug: 'Not A Slug' },
      { trial_days: 366 },
    ]) {
      const res = await a.patch(`/plans/${p.id}`, body);
      expect([JSON.stringify(body), res.status, res.body.code]).toEqual([
        JSON.stringify(body),
        400,
        'rest_invalid_param',
      ]);
    }
    expect((await a.get(`/plans/${p.id}`)).body.price).toBe(2500);
    expect((await a.patch('/plans/999999', { price: 1 })).status).toBe(404);
    expect((await a.del('/plans/999999')).body.code).toBe('member_plan_not_found');
    expect((await a.post('/plans', {})).body.code).toBe('rest_missing_callback_param');
  });

  it('DELETE deletes a plan that never had a membership, and archives one that had', async () => {
    const unused = await plan(a);
    expect(await ok(await a.del(`/plans/${unused.id}`))).toMatchObject({
      deleted: true,
      archived: false,
      previous: { id: unused.id },
    });
    expect((await a.get(`/plans/${unused.id}`)).status).toBe(404);

    const used = await plan(a);
    const member = await t.as('subscriber');
    await membership(a, member.userId, used.id);
    const res = await ok(await a.del(`/plans/${used.id}`));
    expect(res).toMatchObject({
      deleted: false,
      archived: true,
      previous: { id: used.id, status: 'active', active_members: 1 },
    });
    expect((await a.get(`/plans/${used.id}`)).body.status).toBe('archived');
    const joinArchived = await a.post('/memberships', { user_id: (await t.as('subscriber')).userId, plan_id: used.id });
    expect([joinArchived.status, joinArchived.body.code]).toEqual([409, 'member_conflict']);
  });

  it('active_members counts memberships that grant access now', async () => {
    const p = await plan(a, { interval: 'day' });
    for (let i = 0; i < 2; i++) await membership(a, (await t.as('subscriber')).userId, p.id);
    expect((await a.get(`/plans/${p.id}`)).body.active_members).toBe(2);
    t.clock.advance({ days: 2 }); // the period ended; the sweep has not run, access is already gone
    expect((await a.get(`/plans/${p.id}`)).body.active_members).toBe(0);
  });
});
