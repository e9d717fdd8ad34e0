// GET|POST /mobile/v1/api-keys and DELETE /mobile/v1/api-keys/{id}: svc_ keys shown once, stored as SHA-256 + prefix,
// usable as Bearer with their scopes, revocable; who may manage whose.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ROLES, type Caller, type TestApp } from '../../helpers/app.ts';
import { loginDevice } from './helpers.ts';

let t: TestApp;
let admin: Caller;
let owner: Caller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('administrator');
  owner = await t.as('editor');
});
afterAll(() => t?.close());

const create = (headers: Record<string, string>, body: object) =>
  t.http.post('/wp-json/mobile/v1/api-keys').set(headers).send(body);
const list = (headers: Record<string, string>, query = '') =>
  t.http.get(`/wp-json/mobile/v1/api-keys${query}`).set(headers);
const revoke = (id: number | string, headers: Record<string, string>) =>
  t.http.delete(`/wp-json/mobile/v1/api-keys/${id}`).set(headers);
const me = (key: string) => t.http.get('/wp-json/mobile/v1/me').set('Authorization', `Bearer ${key}`);

describe('API keys over REST', () => {
  it('create answers 201 with the raw key once; only its SHA-256 and first 8 characters are stored', async () => {
    const res = await create(owner.headers, { name: 'CI deploys' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      user_id: owner.userId,
      name: 'CI deploys',
      prefix: res.body.key.slice(0, 8),
      scopes: ['*'],
      created_at: '2026-11-22T00:00:00Z',
      last_used_at: null,
      last_ip: null,
      revoked_at: null,
      key: expect.stringMatching(/^svc_[0-9a-f]{40}$/),
    });
    const row = await t.platform.prisma.apiKey.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row.hash).toBe(createHash('sha256').update(res.body.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(res.body.key.slice(8));
    const listed = await list(owner.headers);
    expect(listed.body).toEqual([expect.objectContaining({ id: res.body.id, prefix: res.body.key.slice(0, 8) })]);
    expect(JSON.stringify(listed.body)).not.toContain(res.body.key);
  });

  it('keys differ every time (CSPRNG)', async () => {
    const keys = new Set<string>();
    for (let i = 0; i < 5; i++) keys.add((await create(owner.headers, { name: `k${i}` })).body.key);
    expect(keys.size).toBe(5);
  });

  it('a key authenticates as its owner with its scopes, records last use, and stops at revocation', async () => {
    const { body } = await create(owner.headers, { name: 'reader', scopes: ['read'] });
    t.clock.advance({ minutes: 3 });
    const res = await me(body.key);
    expect(res.body).toMatchObject({ id: owner.userId, auth_method: 'api_key', capabilities: ['read'] });
    const used = (await list(owner.headers)).body.find((k: { id: number }) => k.id === body.id);
    expect(used).toMatchObject({ last_used_at: '2026-11-22T00:03:00Z', last_ip: expect.stringContaining('127.0.0.1') });

    const deleted = await revoke(body.id, owner.headers);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({
      deleted: true,
      previous: { id: body.id, revoked_at: '2026-11-22T00:03:00Z' },
    });
    const after = await me(body.key);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('api_key_invalid');
    expect((await me(`svc_${'0'.repeat(40)}`)).body.code).toBe('api_key_invalid');
    expect((await me('svc_short')).body.code).toBe('api_key_invalid');
  });

  it('a mobile access token can manage keys; a key cannot mint or list keys', async () => {
    const d = await loginDevice(t, owner.username);
    const made = await create(d.headers, { name: 'from the app', scopes: ['edit_posts', 'read'] });
    expect(made.status).toBe(201);
    expect(made.body.scopes).toEqual(['edit_posts', 'read']);
    const denied = await create({ Authorization: `Bearer ${made.body.key}` }, { name: 'child' });
    expect(denied.status).toBe(403);
    expect((await list({ Authorization: `Bearer ${made.body.key}` })).status).toBe(403);
  });

  it('every role manages its own keys; anonymous callers get 401', async () => {
    for (const role of ROLES) {
      const caller = await t.as(role);
      expect((await create(caller.headers, { name: role })).status).toBe(201);
      expect((await list(caller.headers)).body).toHaveLength(1);
    }
    expect((await create({}, { name: 'x' })).body).toMatchObject({ code: 'rest_not_logged_in', data: { status: 401 } });
    expect((await list({})).status).toBe(401);
    expect((await revoke(1, {})).status).toBe(401);
  });

  it("another user's keys: 404 to revoke and 403 to list without edit_users; administrators may", async () => {
    const { body } = await create(owner.headers, { name: 'owned' });
    const other = await t.as('shop_manager');
    expect((await revoke(body.id, other.headers)).body.code).toBe('api_key_not_found');
    expect((await list(other.headers, `?user_id=${owner.userId}`)).status).toBe(403);
    expect((await create(other.headers, { name: 'for them', user_id: owner.userId })).status).toBe(403);
    expect((await me(body.key)).status).toBe(200);
    const adminList = await list(admin.headers, `?user_id=${owner.userId}`);
    expect(adminList.body.map((k: { id: number }) => k.id)).toContain(body.id);
    expect((await revoke(body.id, admin.headers)).status).toBe(200);
    const forOwner = await create(admin.headers, { name: 'issued by admin', user_id: owner.userId });
    expect(forOwner.body.user_id).toBe(owner.userId);
  });

  it('a scope is grantable only by an owner who holds what it stands for (REST, GraphQL, for another user alike)', async () => {
    const subscriber = await t.as('subscriber');
    for (const scopes of [['manage_options'], ['read', 'edit_posts'], ['mailer:events']]) {
      const res = await create(subscriber.headers, { name: 'escalate', scopes });
      expect([res.status, res.body.code], JSON.stringify(scopes)).toEqual([403, 'rest_forbidden']);
    }
    const gql = await t.http
      .post('/graphql')
      .set(subscriber.headers)
      .send({ query: 'mutation { createApiKey(name: "x", scopes: ["mailer:events"]) { key } }' });
    expect(gql.body.errors[0].extensions).toMatchObject({ code: 'rest_forbidden', status: 403 });
    // An administrator cannot lend a subscriber what the subscriber does not hold either.
    const forThem = await create(admin.headers, { name: 'x', user_id: subscriber.userId, scopes: ['mailer:events'] });
    expect(forThem.status).toBe(403);
    expect(await t.platform.prisma.apiKey.count({ where: { userId: subscriber.userId } })).toBe(0);
    expect((await create(subscriber.headers, { name: 'mine', scopes: ['read'] })).status).toBe(201);
    expect((await create(admin.headers, { name: 'events', scopes: ['mailer:events'] })).status).toBe(201);
  });

  it('bad input: 4xx and nothing written', async () => {
    const before = await t.platform.prisma.apiKey.count();
    const cases: [object, number, string][] = [
      [{}, 400, 'rest_missing_callback_param'],
      [{ name: '' }, 400, 'rest_invalid_param'],
      [{ name: 'x'.repeat(101) }, 400, 'rest_invalid_param'],
      [{ name: 42 }, 400, 'rest_invalid_param'],
      [{ name: 'x', scopes: [] }, 400, 'rest_invalid_param'],
      [{ name: 'x', scopes: 'not a list of scopes' }, 400, 'rest_invalid_param'],
      [{ name: 'x', scopes: [1, 2] }, 400, 'rest_invalid_param'],
      [{ name: 'x', scopes: ['fly_to_the_moon'] }, 400, 'rest_invalid_param'],
      [{ name: 'x', user_id: 'me' }, 400, 'rest_invalid_param'],
      [{ name: 'x', pad: 'y'.repeat(2 * 1024 * 1024) }, 413, 'rest_payload_too_large'],
    ];
    for (const [body, status, code] of cases) {
      const res = await create(owner.headers, body);
      expect([res.status, res.body.code]).toEqual([status, code]);
    }
    expect((await revoke(999_999, owner.headers)).body.code).toBe('api_key_not_found');
    expect((await revoke('x', owner.headers)).status).toBe(404);
    expect(await t.platform.prisma.apiKey.count()).toBe(before);
  });
});
