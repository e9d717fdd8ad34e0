// Revocation when an instance's notification connection dies without closing: a proxy between instance B and
// PostgreSQL stops forwarding and keeps the connection open, so B hears nothing and sees no error. B's heartbeat
// (src/db/notifications.ts) finds the silence; from then on B's credential cache is off and a key revoked on A is
// refused. Time is the manual clock and the heartbeat is stepped by calling its tick: the bound is counted in ticks.
import { once } from 'node:events';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/connect.ts';
import { HEARTBEAT_DEFAULTS } from '../../src/db/notifications.ts';
import { loadConfig } from '../../src/platform/config.ts';
import { createAtrium, type Atrium } from '../../src/server.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { silentProxy } from '../helpers/silent-proxy.ts';

let t: TestApp;
let proxy: Awaited<ReturnType<typeof silentProxy>>;
let bDb: Database;
let b: Atrium;

beforeAll(async () => {
  t = await createTestApp();
  proxy = await silentProxy(t.db.url);
  bDb = await openDatabase({ kind: 'postgres', url: t.db.url });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://atrium.test' });
  // B's pool goes straight to PostgreSQL; only its LISTEN connection goes through the proxy.
  b = await createAtrium({ config, db: bDb, clock: t.clock, migrate: false, bootstrap: false, listenUrl: proxy.url });
});
afterAll(async () => {
  await b?.close();
  await proxy?.close();
  await t?.close();
});

const VIEWER = { query: '{ viewer { loggedIn } }' };

async function viewer(atrium: Atrium, headers: Record<string, string>) {
  const { result, statements } = await atrium.platform.db.statements.measure(() =>
    supertest(atrium.app)
      .post('/graphql')
      .set(headers)
      .send(VIEWER)
      .then((r) => r),
  );
  return { status: result.status, statements };
}

/** One beat sent (or the one in flight) and heard back. */
async function beat(atrium: Atrium) {
  const heard = once(atrium.notifications, 'beat');
  await atrium.notifications.tick();
  await heard;
}

async function listening(atrium: Atrium) {
  if (!atrium.notifications.isUp) await once(atrium.notifications, 'up');
}

describe('a heartbeat that is heard', () => {
  it('keeps the cache on: a warm key costs no statement, beat after beat, whatever time passes between them', async () => {
    const key = await t.apiKey('editor');
    await viewer(b, key.headers);
    for (let i = 0; i < 5; i++) {
      await beat(b);
      t.clock.advance({ ms: HEARTBEAT_DEFAULTS.deadlineMs * 2 }); // past the deadline, but the beat was heard
      await b.notifications.tick();
      expect(b.platform.principals.enabled).toBe(true);
      expect(await viewer(b, key.headers)).toEqual({ status: 200, statements: 0 });
    }
  });

  it('costs the pool nothing: the beat travels on the listening connection', async () => {
    const { statements } = await b.platform.db.statements.measure(() => beat(b));
    expect(statements).toBe(0);
  });
});

describe('a notification connection gone silent without closing', () => {
  it('refuses a key revoked on another instance by the tick that finds the beat overdue', async () => {
    const admin = await t.as('administrator');
    const key = await t.apiKey('editor');
    await viewer(b, key.headers);
    await beat(b);
    expect(await viewer(b, key.headers)).toEqual({ status: 200, statements: 0 }); // cached on B

    proxy.silence();
    const [item] = await t.platform.prisma.apiKey.findMany({ where: { userId: key.userId } });
    await t.http.delete(`/wp-json/mobile/v1/api-keys/${item!.id}`).set(admin.headers).expect(200);
    expect((await viewer(t.atrium, key.headers)).status).toBe(401); // refused on A at once
    // B heard nothing and knows nothing is wrong: its cache still lets the revoked key in.
    expect(b.notifications.isUp).toBe(true);
    expect(await viewer(b, key.headers)).toEqual({ status: 200, statements: 0 });

    const { intervalMs, deadlineMs } = HEARTBEAT_DEFAULTS;
    await b.notifications.tick(); // a beat goes out into the silence
    for (let waited = intervalMs; waited < deadlineMs; waited += intervalMs) {
      t.clock.advance({ ms: intervalMs });
      await b.notifications.tick(); // unheard, within the deadline: still trusted
      expect(b.platform.principals.enabled).toBe(true);
    }
    t.clock.advance({ ms: intervalMs });
    await b.notifications.tick(); // unheard for the deadline: in doubt
    expect(b.platform.principals.enabled).toBe(false);
    const refused = await viewer(b, key.headers);
    expect(refused.status).toBe(401);
    expect(refused.statements).toBeGreaterThanOrEqual(1); // read from the database, not the cache
    // The revocation at the first tick was refused by the tick after the deadline: within the 5 s.
    expect(intervalMs + deadlineMs).toBeLessThanOrEqual(5000);
  });

  it('reconnects by itself, and caches again once a beat on the new connection is heard', async () => {
    await listening(b);
    await beat(b);
    const editor = await t.as('editor');
    await viewer(b, editor.headers);
    expect(await viewer(b, editor.headers)).toEqual({ status: 200, statements: 0 });
  });
});
