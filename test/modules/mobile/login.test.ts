// POST /mobile/v1/auth/login and the mobileLogin mutation: the answer, the device header, bad input, and the same
// answer for unknown users as for wrong passwords.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../../gql/index.ts';
import { createTestApp, type Caller, type TestApp } from '../../helpers/app.ts';
import { decode, loginDevice, PASSWORD } from './helpers.ts';

let t: TestApp;
let editor: Caller;

beforeAll(async () => {
  t = await createTestApp();
  editor = await t.as('editor');
});
afterAll(() => t?.close());

const login = (body: object, installId: string | null = randomUUID()) => {
  const req = t.http.post('/wp-json/mobile/v1/auth/login');
  if (installId !== null) req.set('X-App-Install-Id', installId);
  return req.send(body);
};

describe('login', () => {
  it('answers an access token, a refresh token and the user', async () => {
    const installId = randomUUID();
    const res = await login({ username: editor.username, password: PASSWORD }, installId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      access_token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      refresh_token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      token_type: 'Bearer',
      expires_in: 900,
      user: { id: editor.userId, display_name: editor.username, email: `${editor.username}@example.com` },
    });
    const access = decode(res.body.access_token);
    expect(access.header).toMatchObject({ alg: 'HS256', typ: 'at+jwt', kid: expect.any(String) });
    expect(access.payload).toMatchObject({
      sub: String(editor.userId),
      did: installId,
      iss: 'http://atrium.test',
      aud: 'http://atrium.test',
    });
    expect(access.payload.exp).toBe((access.payload.iat as number) + 900);
    const refresh = decode(res.body.refresh_token);
    expect(refresh.header.typ).toBe('rt+jwt');
    expect(refresh.payload.exp).toBe((refresh.payload.iat as number) + 30 * 86400);
    expect(refresh.payload.sid).toBe(access.payload.sid);
  });

  it('accepts the e-mail address (any case) as the username', async () => {
    const res = await login({ username: `  ${editor.username.toUpperCase()}@EXAMPLE.COM `, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(editor.userId);
  });

  it('needs X-App-Install-Id as a UUID: 400 device_required, nothing written', async () => {
    const before = await t.platform.prisma.mobileLoginAttempt.count();
    for (const id of [null, '', 'not-a-uuid', `${randomUUID()}x`]) {
      const res = await login({ username: editor.username, password: PASSWORD }, id);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'device_required', data: { status: 400 } });
    }
    expect(await t.platform.prisma.mobileLoginAttempt.count()).toBe(before);
    expect(
      await t.platform.prisma.mobileSession
        .count({ where: { userId: editor.userId, installId: 'not-a-uuid' } })
        .catch(() => 0),
    ).toBe(0);
  });

  it('bad input is a 400 in core shape', async () => {
    const missing = await login({ username: editor.username });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'rest_missing_callback_param', data: { params: ['password'] } });
    const wrongType = await login({ username: 42, password: PASSWORD });
    expect(wrongType.body).toMatchObject({
      code: 'rest_invalid_param',
      data: { params: { username: expect.any(String) } },
    });
    const huge = await login({ username: editor.username, password: 'x'.repeat(600) });
    expect(huge.body).toMatchObject({ code: 'rest_invalid_param', data: { params: { password: expect.any(String) } } });
    const empty = await login({ username: '', password: PASSWORD });
    expect(empty.status).toBe(400);
    const json = await t.http
      .post('/wp-json/mobile/v1/auth/login')
      .set('Content-Type', 'application/json')
      .set('X-App-Install-Id', randomUUID())
      .send('{"username":');
    expect(json.body.code).toBe('rest_invalid_json');
    const big = await login({ username: editor.username, password: PASSWORD, pad: 'x'.repeat(2 * 1024 * 1024) });
    expect(big.status).toBe(413);
  });

  it('a wrong password and an unknown user get the same 401 invalid_credentials', async () => {
    const wrong = await login({ username: editor.username, password: 'not the password' });
    const unknown = await login({ username: 'nobody-at-all', password: 'not the password' });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.headers['retry-after']).toBeUndefined();
    }
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body).toEqual({
      code: 'invalid_credentials',
      message: 'The username or password is not valid.',
      data: { status: 401 },
    });
  });

  it('a new login on the same device ends the earlier session of that device', async () => {
    const installId = randomUUID();
    const first = await loginDevice(t, editor.username, installId);
    const second = await loginDevice(t, editor.username, installId);
    expect((await t.http.get('/wp-json/mobile/v1/me').set(first.headers)).body.code).toBe('token_invalid');
    expect((await t.http.get('/wp-json/mobile/v1/me').set(second.headers)).status).toBe(200);
    const other = await loginDevice(t, editor.username); // another device keeps its own session
    expect((await t.http.get('/wp-json/mobile/v1/me').set(second.headers)).status).toBe(200);
    expect((await t.http.get('/wp-json/mobile/v1/me').set(other.headers)).status).toBe(200);
  });
});

describe('GraphQL mobileLogin', () => {
  const Login = graphql(`
    mutation MobileLogin($username: String!, $password: String!) {
      mobileLogin(username: $username, password: $password) {
        accessToken
        refreshToken
        tokenType
        expiresIn
        refreshExpiresAt
        user {
          id
          email
          roles
        }
        session {
          id
          installId
          current
          expiresAt
        }
      }
    }
  `);

  it('answers the same pair with the user and the session', async () => {
    const installId = randomUUID();
    const res = await t.gql(
      Login,
      { username: editor.username, password: PASSWORD },
      { headers: { 'X-App-Install-Id': installId } },
    );
    const out = res.data!.mobileLogin;
    expect(out).toMatchObject({
      tokenType: 'Bearer',
      expiresIn: 900,
      refreshExpiresAt: '2026-12-22T00:00:00Z',
      user: { id: editor.userId, email: `${editor.username}@example.com`, roles: ['editor'] },
      session: { installId, current: true, expiresAt: '2026-12-22T00:00:00Z' },
    });
    expect(decode(out.accessToken).payload.sid).toBe(out.session.id);
  });

  it('refuses without the device header, and wrong passwords, with the REST codes', async () => {
    const none = await t.gql(Login, { username: editor.username, password: PASSWORD });
    expect(none.errors?.[0]?.extensions).toMatchObject({ code: 'device_required', status: 400 });
    const wrong = await t.gql(
      Login,
      { username: editor.username, password: 'nope-nope' },
      { headers: { 'X-App-Install-Id': randomUUID() } },
    );
    expect(wrong.errors?.[0]?.extensions).toMatchObject({ code: 'invalid_credentials', status: 401 });
  });
});

describe('discovery', () => {
  it('the mobile/v1 namespace lists every route with its arguments', async () => {
    const res = await t.http.get('/wp-json/mobile/v1');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.routes).sort()).toEqual([
      '/mobile/v1',
      '/mobile/v1/api-keys',
      '/mobile/v1/api-keys/(?P<id>[\\d]+)',
      '/mobile/v1/auth/login',
      '/mobile/v1/auth/logout',
      '/mobile/v1/auth/refresh',
      '/mobile/v1/me',
      '/mobile/v1/sessions',
      '/mobile/v1/sessions/(?P<id>[\\d]+)',
    ]);
    expect(res.body.routes['/mobile/v1/auth/login'].endpoints[0].args).toMatchObject({
      username: { type: 'string', required: true },
      password: { type: 'string', required: true },
    });
    const index = await t.http.get('/wp-json/');
    expect(index.body.namespaces).toContain('mobile/v1');
  });
});
