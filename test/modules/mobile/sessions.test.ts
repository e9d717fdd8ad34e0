// GET /mobile/v1/me, GET|DELETE /mobile/v1/sessions, POST /mobile/v1/auth/logout: the capability matrix, ownership,
// pagination and errors.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../../gql/index.ts';
import { createTestApp, ROLES, type Caller, type TestApp } from '../../helpers/app.ts';
import { loginDevice, type Device } from './helpers.ts';

let t: TestApp;
let admin: Caller;
let alice: Caller;
let alicePhone: Device;
let aliceTablet: Device;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('administrator');
  alice = await t.as('subscriber');
  alicePhone = await loginDevice(t, alice.username);
  t.clock.advance({ minutes: 1 });
  aliceTablet = await loginDevice(t, alice.username);
});
afterAll(() => t?.close());

const me = (headers: Record<string, string> = {}) => t.http.get('/wp-json/mobile/v1/me').set(headers);
const sessions = (headers: Record<string, string>, query = '') =>
  t.http.get(`/wp-json/mobile/v1/sessions${query}`).set(headers);
const endSession = (id: number | string, headers: Record<string, string>) =>
  t.http.delete(`/wp-json/mobile/v1/sessions/${id}`).set(headers);
const sid = (d: Device) => JSON.parse(Buffer.from(d.accessToken.split('.')[1]!, 'base64url').toString()).sid as number;

describe('GET /mobile/v1/me', () => {
  it('answers the caller for every role and credential', async () => {
    for (const role of ROLES) {
      const caller = await t.as(role);
      const res = await me(caller.headers);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: caller.userId,
        username: caller.username,
        display_name: caller.username,
        email: `${caller.username}@example.com`,
        roles: [role],
        auth_method: 'app_password',
        session: null,
      });
      expect(res.body.capabilities).toContain('read');
    }
    const key = await t.apiKey('editor');
    expect((await me(key.headers)).body).toMatchObject({ id: key.userId, auth_method: 'api_key' });
    const mobile = await me(alicePhone.headers);
    expect(mobile.body).toMatchObject({
      id: alice.userId,
      auth_method: 'jwt',
      capabilities: ['read'],
      session: { id: sid(alicePhone), current: true },
    });
  });

  it('anonymous: 401 rest_not_logged_in; a key scoped without read: 403', async () => {
    const res = await me();
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'rest_not_logged_in', data: { status: 401 } });
    const scoped = await t.apiKey('administrator', ['manage_options']);
    expect((await me(scoped.headers)).status).toBe(403);
  });
});

describe('GET /mobile/v1/sessions', () => {
  it("lists the caller's live sessions with install id, created and last used, most recent first", async () => {
    t.clock.advance({ minutes: 2 });
    await me(alicePhone.headers); // touches last used
    const res = await sessions(alicePhone.headers);
    expect(res.status).toBe(200);
    expect(res.headers['x-wp-total']).toBe('2');
    expect(res.headers['x-wp-totalpages']).toBe('1');
    expect(res.body).toEqual([
      expect.objectContaining({
        id: sid(alicePhone),
        install_id: alicePhone.installId,
        current: true,
        user_id: alice.userId,
        revoked_at: null,
      }),
      expect.objectContaining({ id: sid(aliceTablet), install_id: aliceTablet.installId, current: false }),
    ]);
    const [phone, tablet] = res.body;
    expect(Date.parse(phone.last_used_at)).toBeGreaterThan(Date.parse(phone.created_at));
    expect(phone).toMatchObject({
      ip: expect.any(String),
      last_ip: expect.any(String),
      expires_at: expect.stringMatching(/Z$/),
    });
    expect(tablet.last_used_at).toBe(tablet.created_at);
    // Another credential of the same user sees the same list, none of them current.
    const viaPassword = await sessions(alice.headers);
    expect(viaPassword.body.map((s: { current: boolean }) => s.current)).toEqual([false, false]);
  });

  it('paginates like core', async () => {
    const page = await sessions(alice.headers, '?per_page=1&page=2');
    expect(page.body).toHaveLength(1);
    expect(page.headers.link).toContain('rel="prev"');
    expect((await sessions(alice.headers, '?page=3&per_page=1')).body.code).toBe('rest_post_invalid_page_number');
    expect((await sessions(alice.headers, '?per_page=101')).body.code).toBe('rest_invalid_param');
    expect((await sessions(alice.headers, '?page=abc')).body.code).toBe('rest_invalid_param');
  });

  it("another user's sessions need edit_users", async () => {
    for (const role of ['subscriber', 'editor', 'shop_manager'] as const) {
      const caller = await t.as(role);
      const res = await sessions(caller.headers, `?user_id=${alice.userId}`);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('rest_forbidden');
    }
    const res = await sessions(admin.headers, `?user_id=${alice.userId}`);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect((await sessions(admin.headers)).body).toEqual([]);
  });

  it('anonymous: 401; an API key cannot see sessions: 403', async () => {
    expect((await sessions({})).body.code).toBe('rest_not_logged_in');
    const key = await t.apiKey('administrator');
    const res = await sessions(key.headers);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Sessions cannot be managed with an API key.');
  });
});

describe('DELETE /mobile/v1/sessions/{id}', () => {
  it("ends the caller's session: its tokens stop working at once", async () => {
    const user = await t.as('author');
    const a = await loginDevice(t, user.username);
    const b = await loginDevice(t, user.username);
    const res = await endSession(sid(b), a.headers);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      deleted: true,
      previous: { id: sid(b), install_id: b.installId, revoked_at: expect.any(String) },
    });
    expect((await me(b.headers)).body.code).toBe('token_invalid');
    const refresh = await t.http
      .post('/wp-json/mobile/v1/auth/refresh')
      .set('X-App-Install-Id', b.installId)
      .send({ refresh_token: b.refreshToken });
    expect(refresh.body.code).toBe('token_invalid');
    expect((await me(a.headers)).status).toBe(200);
    expect((await endSession(sid(b), a.headers)).status).toBe(404); // already ended
    expect((await t.platform.prisma.mobileSession.findUniqueOrThrow({ where: { id: sid(b) } })).revokeReason).toBe(
      'user',
    );
  });

  it("someone else's session is 404 unless the caller has edit_users; unknown ids are 404", async () => {
    const bob = await t.as('editor');
    const mallory = await t.as('editor');
    const d = await loginDevice(t, bob.username);
    const denied = await endSession(sid(d), mallory.headers);
    expect(denied.status).toBe(404);
    expect(denied.body.code).toBe('mobile_session_not_found');
    expect((await me(d.headers)).status).toBe(200);
    expect((await endSession(sid(d), admin.headers)).status).toBe(200);
    expect((await t.platform.prisma.mobileSession.findUniqueOrThrow({ where: { id: sid(d) } })).revokeReason).toBe(
      'admin',
    );
    expect((await endSession(999_999, admin.headers)).body.code).toBe('mobile_session_not_found');
    expect((await endSession('abc', admin.headers)).body.code).toBe('rest_no_route');
    expect((await endSession(0, admin.headers)).body.code).toBe('rest_invalid_param');
    expect((await endSession(sid(d), {})).status).toBe(401);
  });

  it('GraphQL: mobileSessions and revokeMobileSession', async () => {
    const user = await t.as('contributor');
    const d = await loginDevice(t, user.username);
    const List = graphql(`
      query MobileSessions {
        mobileSessions {
          total
          items {
            id
            installId
            current
          }
        }
      }
    `);
    const list = await t.gql(List, {}, { headers: d.headers });
    expect(list.data?.mobileSessions).toEqual({
      total: 1,
      items: [{ id: sid(d), installId: d.installId, current: true }],
    });
    const Revoke = graphql(`
      mutation RevokeMobileSession($id: Int!) {
        revokeMobileSession(id: $id) {
          id
          revokedAt
          revokeReason
        }
      }
    `);
    const res = await t.gql(Revoke, { id: sid(d) }, { headers: d.headers });
    expect(res.data?.revokeMobileSession).toMatchObject({ id: sid(d), revokeReason: 'user' });
  });
});

describe('POST /mobile/v1/auth/logout', () => {
  const logout = (headers: Record<string, string>, body: object = {}) =>
    t.http.post('/wp-json/mobile/v1/auth/logout').set(headers).send(body);

  it('with the access token: ends that session', async () => {
    const user = await t.as('subscriber');
    const d = await loginDevice(t, user.username);
    const res = await logout(d.headers);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: sid(d), install_id: d.installId, revoked_at: expect.any(String) });
    expect((await me(d.headers)).body.code).toBe('token_invalid');
    expect((await t.platform.prisma.mobileSession.findUniqueOrThrow({ where: { id: sid(d) } })).revokeReason).toBe(
      'logout',
    );
  });

  it('with the refresh token (the access token may have expired): ends that session; again is harmless', async () => {
    const user = await t.as('subscriber');
    const d = await loginDevice(t, user.username);
    const res = await logout({}, { refresh_token: d.refreshToken });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(sid(d));
    expect((await logout({}, { refresh_token: d.refreshToken })).status).toBe(200);
    const refresh = await t.http
      .post('/wp-json/mobile/v1/auth/refresh')
      .set('X-App-Install-Id', d.installId)
      .send({ refresh_token: d.refreshToken });
    expect(refresh.body.code).toBe('token_invalid');
  });

  it('refuses nothing to end: anonymous without a refresh token 400, another credential 400, a bad token 401', async () => {
    expect((await logout({})).body).toMatchObject({
      code: 'rest_missing_callback_param',
      data: { status: 400, params: ['refresh_token'] },
    });
    const other = await logout(alice.headers);
    expect(other.status).toBe(400);
    expect(other.body.code).toBe('mobile_no_session');
    expect((await logout({}, { refresh_token: alicePhone.accessToken })).body.code).toBe('token_invalid');
    expect((await logout({}, { refresh_token: 'nope.nope.nope' })).body.code).toBe('token_invalid');
    expect((await logout({}, { refresh_token: 7 })).body.code).toBe('rest_invalid_param');
    expect((await me(alicePhone.headers)).status).toBe(200);
  });

  it('GraphQL mobileLogout', async () => {
    const user = await t.as('subscriber');
    const d = await loginDevice(t, user.username, randomUUID());
    const Logout = graphql(`
      mutation MobileLogout {
        mobileLogout {
          id
          revokeReason
        }
      }
    `);
    const res = await t.gql(Logout, {}, { headers: d.headers });
    expect(res.data?.mobileLogout).toEqual({ id: sid(d), revokeReason: 'logout' });
  });
});
