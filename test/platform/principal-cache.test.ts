// The principal cache: a warm credential authenticates without a statement, and every change that ends or alters it
// (revocation, role, logout, out-of-band SQL) applies on this instance at once and on every other instance when
// PostgreSQL's notification arrives — proved with two instances, each with its own connection pool.
import pg from 'pg';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/platform/config.ts';
import { openDatabase, type Database } from '../../src/db/connect.ts';
import type { Forget } from '../../src/platform/auth/principal-cache.ts';
import { createAtrium, type Atrium } from '../../src/server.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let otherDb: Database;
let other: Atrium;

beforeAll(async () => {
  t = await createTestApp();
  otherDb = await openDatabase({ kind: 'postgres', url: t.db.url });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://atrium.test' });
  other = await createAtrium({ config, db: otherDb, clock: t.clock, migrate: false, bootstrap: false });
});
afterAll(async () => {
  await other.close(); // its own pool: closed before the test database is dropped
  await t.close();
});

const VIEWER = { query: '{ viewer { loggedIn capabilities } }' };

async function viewer(atrium: Atrium, headers: Record<string, string>) {
  const { result, statements } = await atrium.platform.db.statements.measure(() =>
    supertest(atrium.app)
      .post('/graphql')
      .set(headers)
      .send(VIEWER)
      .then((r) => r),
  );
  return { status: result.status, body: result.body, statements };
}

const forgottenOn = (atrium: Atrium, match: (f: Forget) => boolean) => atrium.platform.principals.forgotten(match);

describe('a warm credential', () => {
  it('authenticates without a statement (application passwords and API keys; sessions below)', async () => {
    const editor = await t.as('editor');
    const key = await t.apiKey('editor');
    for (const headers of [editor.headers, key.headers]) {
      expect((await viewer(t.atrium, headers)).statements).toBeGreaterThanOrEqual(1); // the read (and first last-used write)
      const warm = await viewer(t.atrium, headers);
      expect(warm.statements).toBe(0);
      expect(warm.body.data.viewer.loggedIn).toBe(true);
    }
  });

  it('is read again after the TTL', async () => {
    const editor = await t.as('editor');
    await viewer(t.atrium, editor.headers);
    t.clock.advance({ minutes: 6 });
    expect((await viewer(t.atrium, editor.headers)).statements).toBeGreaterThanOrEqual(1);
    expect((await viewer(t.atrium, editor.headers)).statements).toBe(0);
  });

  it('records its use at most once a minute, as an uncached one does', async () => {
    const key = await t.apiKey('editor');
    await viewer(t.atrium, key.headers);
    const before = await t.platform.prisma.apiKey.findFirstOrThrow({ where: { userId: key.userId } });
    t.clock.advance({ seconds: 90 });
    expect((await viewer(t.atrium, key.headers)).statements).toBe(1); // the last-used write only
    const after = await t.platform.prisma.apiKey.findFirstOrThrow({ where: { userId: key.userId } });
    expect(after.lastUsedAt!.getTime()).toBeGreaterThan(before.lastUsedAt!.getTime());
  });
});

describe('on the instance that makes the change, at once', () => {
  it('a revoked API key answers 401 on the next request', async () => {
    const admin = await t.as('administrator');
    const key = await t.apiKey('editor');
    await viewer(t.atrium, key.headers);
    const [item] = await t.platform.prisma.apiKey.findMany({ where: { userId: key.userId } });
    await t.http.delete(`/wp-json/mobile/v1/api-keys/${item!.id}`).set(admin.headers).expect(200);
    expect((await viewer(t.atrium, key.headers)).status).toBe(401);
  });

  it('a role change applies to the next request', async () => {
    const admin = await t.as('administrator');
    const editor = await t.as('editor');
    expect((await viewer(t.atrium, editor.headers)).body.data.viewer.capabilities).toContain('edit_others_posts');
    const SET = {
      query: 'mutation ($id: Int!) { setUserRoles(id: $id, roles: ["subscriber"]) { id } }',
      variables: { id: editor.userId },
    };
    const res = await t.http.post('/graphql').set(admin.headers).send(SET);
    expect(res.body.errors).toBeUndefined();
    expect((await viewer(t.atrium, editor.headers)).body.data.viewer.capabilities).not.toContain('edit_others_posts');
  });

  it('a logged-out cookie session is anonymous on the next request', async () => {
    const user = await t.as('editor');
    const login = await t.http.post('/graphql').send({
      query: `mutation { login(username: "${user.username}", password: "correct horse battery") { restNonce } }`,
    });
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    const nonce = login.body.data.login.restNonce as string;
    const headers = { Cookie: cookie, 'X-WP-Nonce': nonce };
    await viewer(t.atrium, headers);
    const warm = await viewer(t.atrium, headers);
    expect(warm.body.data.viewer.loggedIn).toBe(true);
    expect(warm.statements).toBe(0);
    await t.http.post('/graphql').set(headers).send({ query: 'mutation { logout }' }).expect(200);
    expect((await viewer(t.atrium, headers)).body.data.viewer.loggedIn).toBe(false);
  });
});

describe('on every other instance, when the notification arrives', () => {
  it('a key revoked on one instance stops working on the other', async () => {
    const admin = await t.as('administrator');
    const key = await t.apiKey('editor');
    await viewer(other, key.headers);
    expect((await viewer(other, key.headers)).statements).toBe(0); // cached on the other instance
    const [item] = await t.platform.prisma.apiKey.findMany({ where: { userId: key.userId } });
    const heard = forgottenOn(other, (f) => 'table' in f && f.table === 'api_keys' && f.id === item!.id);
    await t.http.delete(`/wp-json/mobile/v1/api-keys/${item!.id}`).set(admin.headers).expect(200);
    await heard;
    expect((await viewer(other, key.headers)).status).toBe(401);
  });

  it('a role changed by hand in SQL applies on both instances', async () => {
    const editor = await t.as('editor');
    for (const atrium of [t.atrium, other]) await viewer(atrium, editor.headers);
    const heard = [t.atrium, other].map((a) => forgottenOn(a, (f) => 'userId' in f && f.userId === editor.userId));
    const client = new pg.Client({ connectionString: t.db.url });
    await client.connect();
    await client.query(`UPDATE users SET roles = '{subscriber}' WHERE id = $1`, [editor.userId]);
    await client.end();
    await Promise.all(heard);
    for (const atrium of [t.atrium, other]) {
      expect((await viewer(atrium, editor.headers)).body.data.viewer.capabilities).not.toContain('edit_others_posts');
    }
  });

  it('caches nothing while the notification connection is down, and again once it is back', async () => {
    const editor = await t.as('editor');
    await viewer(other, editor.headers);
    const { notifications } = other;
    const back = new Promise<void>((resolve) => notifications.once('up', () => resolve()));
    notifications.interrupt();
    expect(other.platform.principals.enabled).toBe(false);
    expect((await viewer(other, editor.headers)).statements).toBe(1);
    expect((await viewer(other, editor.headers)).statements).toBe(1);
    await back; // reconnects by itself
    await viewer(other, editor.headers);
    expect((await viewer(other, editor.headers)).statements).toBe(0);
  });
});
