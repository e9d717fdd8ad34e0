// The one authentication step through HTTP on both faces: application passwords, API keys (both headers, scopes,
// revocation), cookie sessions with the REST nonce, and failed credentials that are 401, never anonymous.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql/index.ts';
import { createTestApp, type Caller, type TestApp } from '../helpers/app.ts';
import { demoModules } from '../fixtures/demo-module.ts';

let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp({ modules: demoModules });
  admin = await t.as('administrator');
});
afterAll(() => t?.close());

const Me = graphql(`
  query AuthMe {
    viewer {
      loggedIn
      authMethod
      capabilities
      restNonce
      user {
        id
        username
      }
    }
  }
`);
const Login = graphql(`
  mutation AuthLogin($username: String!, $password: String!) {
    login(username: $username, password: $password) {
      restNonce
      viewer {
        user {
          username
        }
      }
    }
  }
`);
const Logout = graphql(`
  mutation AuthLogout {
    logout
  }
`);
const CreateKey = graphql(`
  mutation AuthCreateKey($name: String!, $scopes: [String!]) {
    createApiKey(name: $name, scopes: $scopes) {
      key
      apiKey {
        id
        prefix
        scopes
      }
    }
  }
`);
const RevokeKey = graphql(`
  mutation AuthRevokeKey($id: Int!) {
    revokeApiKey(id: $id) {
      id
      revokedAt
    }
  }
`);
const CreateAppPassword = graphql(`
  mutation AuthCreateAppPassword($name: String!) {
    createApplicationPassword(name: $name) {
      password
      applicationPassword {
        id
        name
        uuid
      }
    }
  }
`);
const AppPasswords = graphql(`
  query AuthAppPasswords($userId: Int, $page: Int, $perPage: Int) {
    applicationPasswords(userId: $userId, page: $page, perPage: $perPage) {
      total
      items {
        id
        name
        lastUsedAt
        lastIp
      }
    }
  }
`);

const basic = (user: string, pass: string) => ({
  Authorization: `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`,
});

describe('application passwords (HTTP Basic)', () => {
  it('authenticate, ignore spaces, record last use, and can be revoked', async () => {
    const created = await t.gql(CreateAppPassword, { name: 'phone' }, admin);
    const password = created.data!.createApplicationPassword.password;
    expect(password).toMatch(/^([A-Za-z0-9]{4} ){5}[A-Za-z0-9]{4}$/);
    const res = await t.http.get('/wp-json/demo/v1/me').set(basic(admin.username, password));
    expect(res.body).toMatchObject({ logged_in: true });
    const compact = await t.http.get('/wp-json/demo/v1/me').set(basic(admin.username, password.replace(/ /g, '')));
    expect(compact.body.logged_in).toBe(true);
    const byEmail = await t.http.get('/wp-json/demo/v1/me').set(basic(`${admin.username}@example.com`, password));
    expect(byEmail.body.logged_in).toBe(true);

    const list = await t.gql(AppPasswords, {}, admin);
    const item = list.data!.applicationPasswords.items.find((p) => p.name === 'phone')!;
    // An offset page, oldest first, with the list's total.
    expect(list.data!.applicationPasswords.total).toBe(list.data!.applicationPasswords.items.length);
    const second = await t.gql(AppPasswords, { page: 2, perPage: 1 }, admin);
    expect(second.data!.applicationPasswords.items).toEqual(list.data!.applicationPasswords.items.slice(1, 2));
    expect(item.lastUsedAt).not.toBeNull();
    expect(item.lastIp).toBeTruthy();

    const revoke = graphql(`
      mutation AuthRevokeAppPassword($id: Int!) {
        revokeApplicationPassword(id: $id) {
          id
        }
      }
    `);
    expect((await t.gql(revoke, { id: item.id }, admin)).data?.revokeApplicationPassword.id).toBe(item.id);
    const after = await t.http.get('/wp-json/demo/v1/me').set(basic(admin.username, password));
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('invalid_credentials');
  });

  it("a user's login password is not an application password; another user's app password does not fit", async () => {
    expect((await t.http.get('/wp-json/demo/v1/me').set(basic(admin.username, 'correct horse battery'))).status).toBe(
      401,
    );
    const other = await t.as('editor');
    const mixed = Buffer.from(other.authorization.slice(6), 'base64').toString().split(':')[1]!;
    expect((await t.http.get('/wp-json/demo/v1/me').set(basic(admin.username, mixed))).status).toBe(401);
    expect((await t.http.get('/wp-json/demo/v1/me').set('Authorization', 'Basic !!!')).status).toBe(401);
    expect((await t.http.get('/wp-json/demo/v1/me').set('Authorization', 'Digest abc')).body.code).toBe(
      'invalid_credentials',
    );
  });
});

describe('API keys', () => {
  it('are svc_ + 40 hex, stored as SHA-256 + 8-char prefix, shown once, and work in both headers', async () => {
    const res = await t.gql(CreateKey, { name: 'ci' }, admin);
    const { key, apiKey } = res.data!.createApiKey;
    expect(key).toMatch(/^svc_[0-9a-f]{40}$/);
    expect(apiKey.prefix).toBe(key.slice(0, 8));
    const row = await t.platform.prisma.apiKey.findUniqueOrThrow({ where: { id: apiKey.id } });
    expect(JSON.stringify(row)).not.toContain(key);
    expect(row.hash).toMatch(/^[0-9a-f]{64}$/);

    for (const headers of [{ Authorization: `Bearer ${key}` }, { 'X-Demo-Key': key }] as Record<string, string>[]) {
      const me = await t.gql(Me, {}, { headers });
      expect(me.data?.viewer).toMatchObject({
        loggedIn: true,
        authMethod: 'api_key',
        user: { username: admin.username },
      });
    }
    await t.gql(RevokeKey, { id: apiKey.id }, admin);
    const revoked = await t.http.get('/wp-json/demo/v1/me').set('Authorization', `Bearer ${key}`);
    expect(revoked.status).toBe(401);
    expect(revoked.body.code).toBe('api_key_invalid');
    expect((await t.http.get('/wp-json/demo/v1/me').set('X-Demo-Key', 'svc_nothex')).body.code).toBe('api_key_invalid');
  });

  it('a scoped key lends only the capabilities it names', async () => {
    const res = await t.gql(CreateKey, { name: 'jobs only', scopes: ['manage_options'] }, admin);
    const headers = { Authorization: `Bearer ${res.data!.createApiKey.key}` };
    expect((await t.http.get('/wp-json/demo/v1/jobs').set(headers)).status).toBe(200);
    const create = await t.http.post('/wp-json/demo/v1/posts').set(headers).send({ title: 'x' });
    expect(create.status).toBe(403);
    const me = await t.gql(Me, {}, { headers });
    expect(me.data?.viewer.capabilities).toEqual(['manage_options']);
  });

  it('unknown scopes are refused; keys cannot mint keys', async () => {
    const bad = await t.gql(CreateKey, { name: 'x', scopes: ['fly_to_the_moon'] }, admin);
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'rest_invalid_param', status: 400 });
    const key = (await t.gql(CreateKey, { name: 'full' }, admin)).data!.createApiKey.key;
    const minted = await t.gql(CreateKey, { name: 'child' }, { headers: { Authorization: `Bearer ${key}` } });
    expect(minted.errors?.[0]?.extensions).toMatchObject({ code: 'rest_forbidden', status: 403 });
  });
});

describe('cookie sessions and the REST nonce', () => {
  async function login() {
    const res = await t.http
      .post('/graphql')
      .send({ query: 'mutation { login(username: "cookie-admin", password: "correct horse battery") { restNonce } }' });
    return {
      cookie: res.headers['set-cookie']![0]!.split(';')[0]!,
      nonce: res.body.data.login.restNonce as string,
      res,
    };
  }

  beforeAll(async () => {
    await t.as('administrator', 'cookie-admin');
  });

  it('login sets an HttpOnly SameSite=Lax cookie and answers the nonce', async () => {
    const { res, nonce } = await login();
    expect(res.headers['set-cookie']![0]).toMatch(
      /^atrium_session=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/,
    );
    expect(nonce).toMatch(/^[0-9a-f]{10}$/);
  });

  it('Secure when the client reached us over HTTPS', async () => {
    const secure = await createTestApp({ modules: demoModules, env: { TRUST_PROXY: 'true' } });
    try {
      await secure.as('administrator', 'secure-admin');
      const res = await secure.http.post('/graphql').set('X-Forwarded-Proto', 'https').send({
        query: 'mutation { login(username: "secure-admin", password: "correct horse battery") { restNonce } }',
      });
      expect(res.headers['set-cookie']![0]).toContain('; Secure');
    } finally {
      await secure.close();
    }
  });

  it('wrong password: 401 invalid_credentials, same for an unknown user', async () => {
    for (const username of ['cookie-admin', 'nobody-here']) {
      const res = await t.http
        .post('/graphql')
        .send({ query: `mutation { login(username: "${username}", password: "nope-nope") { restNonce } }` });
      expect(res.body.errors[0].extensions).toMatchObject({ code: 'invalid_credentials', status: 401 });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('REST: cookie + valid nonce authenticates; without nonce it is anonymous; a bad nonce is 403', async () => {
    const { cookie, nonce } = await login();
    const ok = await t.http.get('/wp-json/demo/v1/jobs').set('Cookie', cookie).set('X-Rest-Nonce', nonce);
    expect(ok.status).toBe(200);
    expect(ok.headers['x-rest-nonce']).toBe(nonce);
    const viaQuery = await t.http.get(`/wp-json/demo/v1/jobs?_wpnonce=${nonce}`).set('Cookie', cookie);
    expect(viaQuery.status).toBe(200);
    const anon = await t.http.get('/wp-json/demo/v1/jobs').set('Cookie', cookie);
    expect(anon.status).toBe(401);
    const bad = await t.http.get('/wp-json/demo/v1/me').set('Cookie', cookie).set('X-Rest-Nonce', 'badbadbad0');
    expect(bad.status).toBe(403);
    expect(bad.body).toEqual({
      code: 'rest_cookie_invalid_nonce',
      message: 'Cookie check failed',
      data: { status: 403 },
    });
  });

  it('GraphQL: the cookie authenticates queries; mutations also need the nonce', async () => {
    const { cookie, nonce } = await login();
    const q = await t.http.post('/graphql').set('Cookie', cookie).send({ query: '{ viewer { loggedIn restNonce } }' });
    expect(q.body.data.viewer).toEqual({ loggedIn: true, restNonce: nonce });
    const mutation = { query: 'mutation { createPost(input: { title: "via cookie" }) { id } }' };
    const without = await t.http.post('/graphql').set('Cookie', cookie).send(mutation);
    expect(without.body.errors[0].extensions).toMatchObject({ code: 'rest_forbidden', status: 401 });
    const withNonce = await t.http.post('/graphql').set('Cookie', cookie).set('X-Rest-Nonce', nonce).send(mutation);
    expect(withNonce.body.data.createPost.id).toBeGreaterThan(0);
  });

  it('the nonce expires with time (24 h) and with the session; logout clears the cookie', async () => {
    const { cookie, nonce } = await login();
    t.clock.advance({ hours: 13 });
    expect((await t.http.get('/wp-json/demo/v1/jobs').set('Cookie', cookie).set('X-Rest-Nonce', nonce)).status).toBe(
      200,
    );
    t.clock.advance({ hours: 12 });
    expect((await t.http.get('/wp-json/demo/v1/jobs').set('Cookie', cookie).set('X-Rest-Nonce', nonce)).status).toBe(
      403,
    );
    const fresh = await t.http.post('/graphql').set('Cookie', cookie).send({ query: '{ viewer { restNonce } }' });
    const nonce2 = fresh.body.data.viewer.restNonce as string;
    const out = await t.http
      .post('/graphql')
      .set('Cookie', cookie)
      .set('X-Rest-Nonce', nonce2)
      .send({ query: 'mutation { logout }' });
    expect(out.body.data.logout).toBe(true);
    expect(out.headers['set-cookie']![0]).toMatch(/^atrium_session=; .*Max-Age=0/);
    const after = await t.http.post('/graphql').set('Cookie', cookie).send({ query: '{ viewer { loggedIn } }' });
    expect(after.body.data.viewer.loggedIn).toBe(false);
  });

  it('a session expires after SESSION_TTL_HOURS', async () => {
    const { cookie } = await login();
    t.clock.advance({ hours: 49 });
    const res = await t.http.post('/graphql').set('Cookie', cookie).send({ query: '{ viewer { loggedIn } }' });
    expect(res.body.data.viewer.loggedIn).toBe(false);
  });
});

describe('failed credentials on GraphQL', () => {
  it('answer HTTP 401 with the code, never anonymous', async () => {
    const res = await t.http
      .post('/graphql')
      .set('Authorization', `Bearer svc_${'a'.repeat(40)}`)
      .send({ query: '{ viewer { loggedIn } }' });
    expect(res.status).toBe(401);
    expect(res.body.errors[0].extensions).toMatchObject({ code: 'api_key_invalid', status: 401 });
  });
});

it('logout needs a login', async () => {
  const res = await t.gql(Logout);
  expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'rest_not_logged_in', status: 401 });
  const login = await t.gql(Login, { username: admin.username, password: 'correct horse battery' });
  expect(login.data?.login.viewer.user?.username).toBe(admin.username);
});
