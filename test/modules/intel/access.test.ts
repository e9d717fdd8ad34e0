// Who may call each route, on both faces: anonymous 401, roles without manage_options 403, administrators and
// administrators' API keys allowed; the health score opens to anyone only while the public setting is on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../../helpers/app.ts';
import { Checks, RunScan, Score, Settings, Snapshots, UpdateSettings } from './helpers.ts';

let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('administrator');
});
afterAll(() => t.close());

const ROUTES = [
  ['POST', '/intel/v1/scan'],
  ['GET', '/intel/v1/health-score'],
  ['GET', '/intel/v1/checks'],
  ['GET', '/intel/v1/snapshots'],
  ['GET', '/intel/v1/settings'],
  ['PUT', '/intel/v1/settings'],
] as const;

function call(method: string, path: string, headers: Record<string, string> = {}) {
  const req =
    method === 'POST'
      ? t.http.post(`/wp-json${path}`)
      : method === 'PUT'
        ? t.http.put(`/wp-json${path}`).send({ allow_public_rest: false })
        : t.http.get(`/wp-json${path}`);
  return req.set(headers);
}

describe('before any scan', () => {
  it('health-score and checks answer 404 intel_no_scan; snapshots are an empty history', async () => {
    for (const path of ['/intel/v1/health-score', '/intel/v1/checks']) {
      const res = await call('GET', path, admin.headers);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'intel_no_scan', data: { status: 404 } });
    }
    const gql = await t.gql(Score, {}, admin);
    expect(gql.errors?.[0]?.extensions).toMatchObject({ code: 'intel_no_scan', status: 404 });
    const snaps = await call('GET', '/intel/v1/snapshots', admin.headers);
    expect(snaps.status).toBe(200);
    expect(snaps.body).toEqual([]);
  });
});

describe('capability matrix', () => {
  it('anonymous callers get 401 rest_forbidden on every route', async () => {
    for (const [method, path] of ROUTES) {
      const res = await call(method, path);
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.code).toBe('rest_forbidden');
    }
  });

  it.each(['editor', 'author', 'contributor', 'subscriber', 'shop_manager'] as const)(
    '%s gets 403 rest_forbidden on every route',
    async (role) => {
      const caller = await t.as(role);
      for (const [method, path] of ROUTES) {
        const res = await call(method, path, caller.headers);
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.body.code).toBe('rest_forbidden');
      }
      for (const doc of [Score, Checks, Snapshots, Settings] as const) {
        const res = await t.gql(doc as typeof Score, {}, caller);
        expect(res.errors?.[0]?.extensions.status).toBe(403);
      }
      expect((await t.gql(RunScan, {}, caller)).errors?.[0]?.extensions.status).toBe(403);
    },
  );

  it('an administrator and an administrator API key may call every route; a key limited to other scopes may not', async () => {
    const key = await t.apiKey('administrator');
    for (const caller of [admin, key]) {
      for (const [method, path] of ROUTES) {
        const res = await call(method, path, caller.headers);
        expect(res.status, `${method} ${path}`).toBe(200);
      }
    }
    const limited = await t.apiKey('administrator', ['edit_posts']);
    for (const [method, path] of ROUTES) {
      const res = await call(method, path, limited.headers);
      expect(res.status, `${method} ${path}`).toBe(403);
    }
  });
});

describe('Allow public REST', () => {
  it('opens the health score (only) to anyone while on, through REST, GraphQL and back', async () => {
    await t.http.post('/wp-json/intel/v1/scan').set(admin.headers).expect(200);
    const editor = await t.as('editor');
    expect((await call('GET', '/intel/v1/health-score')).status).toBe(401);

    const on = await t.http.put('/wp-json/intel/v1/settings').set(admin.headers).send({ allow_public_rest: true });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ allow_public_rest: true });
    expect((await call('GET', '/intel/v1/settings', admin.headers)).body).toEqual({ allow_public_rest: true });

    const anon = await call('GET', '/intel/v1/health-score');
    expect(anon.status).toBe(200);
    expect(Object.keys(anon.body).sort()).toEqual(['critical', 'grade', 'scanned', 'score', 'warning']);
    expect((await call('GET', '/intel/v1/health-score', editor.headers)).status).toBe(200);
    expect((await t.gql(Score, {})).data?.healthScore.score).toBe(anon.body.score);
    // Only the score is public: checks, snapshots, scans and settings stay closed.
    for (const [method, path] of ROUTES.filter(([, p]) => p !== '/intel/v1/health-score')) {
      expect((await call(method, path)).status, `${method} ${path}`).toBe(401);
    }

    const off = await t.gql(UpdateSettings, { allowPublicRest: false }, admin);
    expect(off.data?.updateIntelSettings.allowPublicRest).toBe(false);
    expect((await t.gql(Settings, {}, admin)).data?.intelSettings.allowPublicRest).toBe(false);
    expect((await call('GET', '/intel/v1/health-score')).status).toBe(401);
    expect((await t.gql(Score, {})).errors?.[0]?.extensions.status).toBe(401);
  });

  it('refuses a non-boolean or missing value with 400', async () => {
    for (const body of [
      { allow_public_rest: 'maybe' },
      { allow_public_rest: 7 },
      { allow_public_rest: { on: true } },
    ]) {
      const res = await t.http.put('/wp-json/intel/v1/settings').set(admin.headers).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('rest_invalid_param');
      expect(res.body.data.params).toHaveProperty('allow_public_rest');
    }
    const missing = await t.http.put('/wp-json/intel/v1/settings').set(admin.headers).send({});
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('rest_missing_callback_param');
    expect((await call('GET', '/intel/v1/settings', admin.headers)).body).toEqual({ allow_public_rest: false });
  });
});
