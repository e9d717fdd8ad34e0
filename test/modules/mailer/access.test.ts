// Who may call what: mailer_manage (administrators) for the audience, campaigns and stats; an API key with scope
// mailer:events for inbound events. Every REST route answers the capability matrix alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../../helpers/app.ts';
import type { ArgSpec } from '../../../src/input/rules.ts';
import type { RestRoute } from '../../../src/rest/route.ts';

let t: TestApp;
let admin: Caller;
let routes: RestRoute[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('administrator');
  routes = t.atrium.table.routes.filter((r) => r.namespace === 'mailer/v1');
});
afterAll(() => t?.close());

const path = (p: string) => `/wp-json${p.replace(/:[a-z_]+/g, '1')}`;
const manageRoutes = () => routes.filter((r) => r.path !== '/mailer/v1/events');

/** A value that passes an argument's declaration (arguments are validated before access, as core does). */
function sample(spec: ArgSpec): unknown {
  if (spec.enum) return spec.enum[0];
  if (spec.format === 'email') return 'probe@example.com';
  const string = 'x'.repeat(Math.max(1, spec.minLength ?? 1));
  return {
    integer: 1,
    number: 1,
    string,
    boolean: true,
    object: {},
    any: {},
    array: [spec.items ? sample(spec.items) : 1],
  }[spec.type];
}
const bodyOf = (r: RestRoute) =>
  Object.fromEntries(
    Object.entries(r.args)
      .filter(([, a]) => a.required)
      .map(([k, a]) => [k, sample(a)]),
  );

const call = (method: string, p: string, headers: Record<string, string> = {}) => {
  const r = routes.find((x) => x.method === method && x.path === p)!;
  const http = t.http as any;
  return http[method.toLowerCase()](path(p))
    .set(headers)
    .send(method === 'GET' ? undefined : bodyOf(r));
};

describe('manage routes (mailer_manage)', () => {
  it('anonymous: 401 rest_forbidden on every route', async () => {
    for (const r of manageRoutes()) {
      const res = await call(r.method, r.path);
      expect([r.method, r.path, res.status, res.body.code]).toEqual([r.method, r.path, 401, 'rest_forbidden']);
      expect(res.body.data.status).toBe(401);
    }
    expect(await t.platform.prisma.mailerList.count()).toBe(0); // nothing written by refused calls
  });

  it('subscriber, editor, shop_manager: 403 rest_forbidden on every route', async () => {
    for (const role of ['subscriber', 'editor', 'shop_manager', 'author'] as const) {
      const caller = await t.as(role);
      for (const r of manageRoutes()) {
        const res = await call(r.method, r.path, caller.headers);
        expect([role, r.method, r.path, res.status, res.body.code]).toEqual([
          role,
          r.method,
          r.path,
          403,
          'rest_forbidden',
        ]);
      }
    }
  });

  it('administrator and an unscoped administrator API key pass (X-Mailer-Key or Bearer)', async () => {
    expect((await t.http.get('/wp-json/mailer/v1/lists').set(admin.headers)).status).toBe(200);
    const key = await t.apiKey('administrator');
    expect((await t.http.get('/wp-json/mailer/v1/lists').set({ 'X-Mailer-Key': key.key })).status).toBe(200);
    expect((await t.http.get('/wp-json/mailer/v1/stats').set(key.headers)).status).toBe(200);
  });

  it('an API key scoped to mailer:events only cannot manage (403); a bad key is refused (401)', async () => {
    const key = await t.apiKey('administrator', ['mailer:events']);
    const res = await t.http.get('/wp-json/mailer/v1/subscribers').set({ 'X-Mailer-Key': key.key });
    expect([res.status, res.body.code]).toEqual([403, 'rest_forbidden']);
    const bad = await t.http.get('/wp-json/mailer/v1/subscribers').set({ 'X-Mailer-Key': 'svc_' + '0'.repeat(40) });
    expect([bad.status, bad.body.code]).toEqual([401, 'api_key_invalid']);
  });

  it('GraphQL says the same (403 for an editor, data for an administrator)', async () => {
    const editor = await t.as('editor');
    const q = { query: '{ mailerLists { total items { id } } }' };
    const refused = await t.http.post('/graphql').set(editor.headers).send(q);
    expect(refused.body.errors[0].extensions).toMatchObject({ code: 'rest_forbidden', status: 403 });
    const ok = await t.http.post('/graphql').set(admin.headers).send(q);
    expect(ok.body).toEqual({ data: { mailerLists: { total: 0, items: [] } } });
  });
});

describe('POST /mailer/v1/events (API key, scope mailer:events)', () => {
  const body = { email: 'ada@example.com', event: 'subscribe' };

  it('401 api_key_required without a key, for an administrator by password, and for a key without the scope', async () => {
    for (const headers of [{}, admin.headers, (await t.apiKey('administrator', ['read'])).headers]) {
      const res = await t.http.post('/wp-json/mailer/v1/events').set(headers).send(body);
      expect([res.status, res.body.code]).toEqual([401, 'api_key_required']);
    }
    expect(await t.platform.prisma.mailerSubscriber.count()).toBe(0);
  });

  it('a key with the scope or "*" is accepted when its owner can manage the audience', async () => {
    const scoped = await t.apiKey('administrator', ['mailer:events']);
    const res = await t.http.post('/wp-json/mailer/v1/events').set({ 'X-Mailer-Key': scoped.key }).send(body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const star = await t.apiKey('administrator', ['*']);
    const again = await t.http.post('/wp-json/mailer/v1/events').set(star.headers).send(body);
    expect([again.status, again.body.changed]).toEqual([200, false]);
  });

  it('a subscriber cannot grant mailer:events (403 at creation), and a "*" key of theirs does not reach the route', async () => {
    const subscriber = await t.as('subscriber');
    const made = await t.http
      .post('/wp-json/mobile/v1/api-keys')
      .set(subscriber.headers)
      .send({ name: 'x', scopes: ['mailer:events'] });
    expect([made.status, made.body.code]).toEqual([403, 'rest_forbidden']);
    expect(await t.platform.prisma.apiKey.count({ where: { userId: subscriber.userId } })).toBe(0);

    const star = await t.http
      .post('/wp-json/mobile/v1/api-keys')
      .set(subscriber.headers)
      .send({ name: 'all', scopes: ['*'] });
    expect(star.status).toBe(201);
    const probe = await t.http
      .post('/wp-json/mailer/v1/events')
      .set({ 'X-Mailer-Key': star.body.key })
      .send({ email: 'ada@example.com', event: 'unsubscribe' });
    expect([probe.status, probe.body.code]).toEqual([401, 'api_key_required']);
    expect(probe.body).not.toHaveProperty('subscriber');
    expect(
      (await t.platform.prisma.mailerSubscriber.findUniqueOrThrow({ where: { email: 'ada@example.com' } })).status,
    ).toBe('subscribed');
  });

  it('a key stops working for the scope when its owner loses the capability (checked at every use)', async () => {
    const scoped = await t.apiKey('administrator', ['mailer:events']);
    await t.platform.prisma.user.update({ where: { id: scoped.userId }, data: { roles: ['subscriber'] } });
    const res = await t.http.post('/wp-json/mailer/v1/events').set({ 'X-Mailer-Key': scoped.key }).send(body);
    expect([res.status, res.body.code]).toEqual([401, 'api_key_required']);
  });
});
