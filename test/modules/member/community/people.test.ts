// The directory (members with an active membership who did not hide themselves, public fields only, search and
// pagination), the caller's profile, and badges: manual awards, automatic ones on counted events, each award once
// with badge/awarded once — also when two awards race on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../../../helpers/app.ts';
import { api, membership, ok, plan, recordEvents, type Api } from '../helpers.ts';

let t: TestApp;
let admin: Caller;
let a: Api;
let ada: Caller;
let bob: Caller;
let outsider: Caller;
let lounge: any;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('administrator');
  a = api(t, admin);
  const silver = await plan(a, { name: 'Silver' });
  [ada, bob, outsider] = await Promise.all([
    t.as('subscriber', 'ada'),
    t.as('subscriber', 'bob'),
    t.as('subscriber', 'nobody'),
  ]);
  await membership(a, ada.userId, silver.id);
  await membership(a, bob.userId, silver.id);
  lounge = await ok(await a.post('/spaces', { name: 'Lounge' }), 201);
});
afterAll(() => t?.close());

describe('directory and profile', () => {
  it('lists members only, with public fields only; hiding removes a member from list and detail', async () => {
    const list = await ok(await api(t, ada).get('/directory'));
    expect(list.map((e: any) => e.user_id).sort()).toEqual([ada.userId, bob.userId].sort());
    expect(Object.keys(list[0]).sort()).toEqual([
      '_links',
      'avatar_url',
      'badges',
      'bio',
      'display_name',
      'joined_at',
      'user_id',
    ]);
    expect(JSON.stringify(list)).not.toMatch(/@|email|nobody/);

    expect(
      await ok(
        await api(t, bob).patch('/me/profile', { display_name: 'Robert', bio: 'Gardener', directory_visible: false }),
      ),
    ).toMatchObject({ display_name: 'Robert', directory_visible: false });
    expect((await api(t, ada).get('/directory')).body.map((e: any) => e.user_id)).toEqual([ada.userId]);
    expect((await api(t, ada).get(`/directory/${bob.userId}`)).status).toBe(404);
    expect((await api(t, ada).get(`/directory/${outsider.userId}`)).status).toBe(404);
    await ok(await api(t, bob).patch('/me/profile', { directory_visible: true }));
    expect(await ok(await api(t, ada).get(`/directory/${bob.userId}`))).toMatchObject({
      display_name: 'Robert',
      bio: 'Gardener',
    });
  });

  it('searches by display name and pages with the WordPress headers', async () => {
    const res = await api(t, ada).get('/directory?search=rob&per_page=1');
    expect(res.body.map((e: any) => e.display_name)).toEqual(['Robert']);
    expect(res.headers['x-wp-total']).toBe('1');
    const page = await api(t, ada).get('/directory?per_page=1&page=2');
    expect([page.body.length, page.headers['x-wp-totalpages']]).toEqual([1, '2']);
  });

  it('is for members: anonymous 401, a logged-in non-member 403; bad profile input 400', async () => {
    expect((await api(t).get('/directory')).status).toBe(401);
    expect((await api(t, outsider).get('/directory')).body).toMatchObject({
      code: 'member_forbidden',
      data: { status: 403 },
    });
    expect((await api(t, admin).get('/directory')).status).toBe(200);
    expect((await api(t, ada).patch('/me/profile', { avatar_url: 'http://insecure.example/a.png' })).status).toBe(400);
    expect((await api(t, ada).patch('/me/profile', { directory_visible: 'nope' })).status).toBe(400);
    expect((await api(t, ada).patch('/me/profile', { bio: 'x'.repeat(2001) })).status).toBe(400);
  });
});

describe('badges', () => {
  it('awards the default first-topic badge once, on the first topic only, and shows it in the directory', async () => {
    const events = recordEvents(t, ['member/badge/awarded']);
    const first = (await a.get('/badges')).body.find((b: any) => b.slug === 'first-topic');
    expect(first).toMatchObject({ criteria: { event: 'member/topic/created', count: 1 }, awarded_count: 0 });
    await ok(await api(t, ada).post('/topics', { space_id: lounge.id, title: 'One', body: 'first' }), 201);
    await ok(await api(t, ada).post('/topics', { space_id: lounge.id, title: 'Two', body: 'second' }), 201);
    await t.settle(); // automatic badges are durable listeners: jobs run after the commit
    expect(events.map((e) => e.payload)).toEqual([{ user_id: ada.userId, badge_id: first.id }]);
    expect((await api(t, bob).get(`/directory/${ada.userId}`)).body.badges.map((b: any) => b.slug)).toEqual([
      'first-topic',
    ]);
  });

  it('manual badges: 201 on the first award, 200 and no event on the second, and one award when two race', async () => {
    const mentor = await ok(await a.post('/badges', { name: 'Mentor', icon: 'star' }), 201);
    expect(mentor).toMatchObject({ slug: 'mentor', criteria: { manual: true } });
    expect((await a.post('/badges', { name: 'Mentor' })).status).toBe(409);
    expect((await a.post('/badges', { name: 'Half', event: 'member/reply/created' })).status).toBe(409);
    expect((await a.post('/badges', { name: 'Odd', event: 'member/unknown', count: 1 })).status).toBe(400);
    expect((await api(t, ada).post('/badges', { name: 'Mine' })).status).toBe(403);

    const events = recordEvents(t, ['member/badge/awarded']);
    const [x, y] = await Promise.all([
      a.post(`/members/${bob.userId}/badges/${mentor.id}`),
      a.post(`/members/${bob.userId}/badges/${mentor.id}`),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 201]);
    expect((await a.post(`/members/${bob.userId}/badges/${mentor.id}`)).status).toBe(200);
    await new Promise((r) => setImmediate(r));
    expect(events).toHaveLength(1);
    expect((await a.get('/badges')).body.find((b: any) => b.id === mentor.id).awarded_count).toBe(1);
    expect((await a.post(`/members/999999/badges/${mentor.id}`)).status).toBe(404);
    expect((await a.post(`/members/${bob.userId}/badges/999999`)).status).toBe(404);
  });
});
