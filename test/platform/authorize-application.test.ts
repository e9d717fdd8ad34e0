// The application-password authorization flow the discovery index names (WordPress' authorize-application): log in,
// approve, back to the app with a password that works; reject; CSRF and redirect targets checked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/platform/users/service.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.platform, {
    username: 'ada',
    email: 'ada@example.com',
    password: 'correct horse battery',
    roles: ['editor'],
  });
});
afterAll(() => t?.close());

const ask = {
  app_name: 'Pocket Client',
  app_id: '2d6c4f0e-6a1b-4c4e-9a3f-0f5b5b1e7c11',
  success_url: 'https://app.example/callback',
  reject_url: 'https://app.example/rejected',
};
const query = new URLSearchParams(ask).toString();

async function login() {
  const res = await t.http
    .post('/authorize-application')
    .type('form')
    .send({ ...ask, action: 'login', log: 'ada', pwd: 'correct horse battery' });
  expect(res.status).toBe(200);
  const cookie = (res.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
  const nonce = /name="_wpnonce" value="([^"]+)"/.exec(res.text)![1]!;
  return { cookie, nonce, page: res.text };
}

describe('authorize-application', () => {
  it('the discovery index names it', async () => {
    const index = (await t.http.get('/wp-json/')).body;
    expect(index.authentication['application-passwords'].endpoints.authorization).toBe(
      'http://atrium.test/authorize-application',
    );
  });

  it('asks an anonymous visitor to log in, then to approve; approval sends the app a password that works', async () => {
    const first = await t.http.get(`/authorize-application?${query}`);
    expect(first.status).toBe(200);
    expect(first.text).toContain('name="pwd"');
    expect(first.headers['x-frame-options']).toBe('DENY');

    const { cookie, nonce, page } = await login();
    expect(page).toContain('Pocket Client');
    const approved = await t.http
      .post('/authorize-application')
      .set('Cookie', cookie)
      .type('form')
      .send({ ...ask, action: 'approve', _wpnonce: nonce });
    expect(approved.status).toBe(303);
    const back = new URL(approved.headers.location!);
    expect(`${back.origin}${back.pathname}`).toBe(ask.success_url);
    expect(back.searchParams.get('site_url')).toBe('http://atrium.test');
    expect(back.searchParams.get('user_login')).toBe('ada');
    const password = back.searchParams.get('password')!;
    const me = await t.http
      .get('/wp-json/mobile/v1/me')
      .set('Authorization', `Basic ${Buffer.from(`ada:${password}`).toString('base64')}`);
    expect([me.status, me.body.username]).toEqual([200, 'ada']);
    const stored = await t.platform.prisma.appPassword.findMany({ where: { user: { username: 'ada' } } });
    expect(stored.map((p) => p.name)).toEqual(['Pocket Client']);
  });

  it('a rejection goes back to reject_url with success=false and creates nothing', async () => {
    const before = await t.platform.prisma.appPassword.count();
    const { cookie, nonce } = await login();
    const res = await t.http
      .post('/authorize-application')
      .set('Cookie', cookie)
      .type('form')
      .send({ ...ask, action: 'reject', _wpnonce: nonce });
    expect([res.status, res.headers.location]).toEqual([303, 'https://app.example/rejected?success=false']);
    expect(await t.platform.prisma.appPassword.count()).toBe(before);
  });

  it('refuses approval without the session nonce (CSRF), and a wrong password', async () => {
    const before = await t.platform.prisma.appPassword.count();
    const { cookie } = await login();
    const forged = await t.http
      .post('/authorize-application')
      .set('Cookie', cookie)
      .type('form')
      .send({ ...ask, action: 'approve', _wpnonce: 'nope' });
    expect(forged.status).toBe(403);
    const noSession = await t.http
      .post('/authorize-application')
      .type('form')
      .send({ ...ask, action: 'approve' });
    expect(noSession.status).toBe(401);
    const wrong = await t.http
      .post('/authorize-application')
      .type('form')
      .send({ ...ask, action: 'login', log: 'ada', pwd: 'wrong' });
    expect(wrong.status).toBe(401);
    expect(wrong.text).toContain('not valid');
    expect(await t.platform.prisma.appPassword.count()).toBe(before);
  });

  it('refuses script schemes and a missing app name; escapes what it shows', async () => {
    for (const bad of [
      { ...ask, success_url: 'javascript:alert(1)' },
      { ...ask, reject_url: 'data:text/html,x' },
      { ...ask, app_name: '' },
      { ...ask, app_id: 'x' },
    ]) {
      const res = await t.http.get(`/authorize-application?${new URLSearchParams(bad)}`);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    const res = await t.http.get(
      `/authorize-application?${new URLSearchParams({ ...ask, app_name: '<img src=x onerror=alert(1)>' })}`,
    );
    expect(res.text).not.toContain('<img');
    expect(res.text).toContain('&lt;img');
  });
});
