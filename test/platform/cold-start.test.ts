// serve's start on existing data (issue 29, docs/performance.md "Start-up"): nothing before the first answer loads
// Prisma's query compiler (its WebAssembly costs ≈ 200 ms of CPU); the job engine and the compiler start after
// listen, and /readyz answers 503 until they have.
import supertest from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../src/db/connect.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import { loadConfig } from '../../src/platform/config.ts';
import { createAtrium, type Atrium } from '../../src/server.ts';
import { testDatabase } from '../helpers/database.ts';

let db: Database;
let atrium: Atrium;
beforeAll(async () => {
  db = await testDatabase();
  const now = new Date('2026-11-22T00:00:00Z');
  // Existing data: an administrator is there already (written on the pool, so Prisma has not run a query).
  await db.sql
    .insertInto('users')
    .values({
      username: 'root',
      email: 'root@example.com',
      display_name: 'Root',
      password_hash: 'not-a-hash',
      roles: ['administrator'],
      updated_at: now,
    })
    .execute();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://atrium.test' });
  const printed: string[] = [];
  atrium = await createAtrium({
    config,
    db,
    clock: new ManualClock(now),
    finishAfterListen: true,
    printAdmin: (l) => printed.push(l),
  });
  expect(printed).toEqual([]);
});
afterAll(async () => {
  await atrium?.close();
  await db?.close(); // idempotent
});

it('answers the first request before Prisma loads its query compiler, and is ready once the start is finished', async () => {
  expect(db.prismaStarted()).toBe(false);
  const http = supertest(atrium.app);
  const index = await http.get('/wp-json/');
  expect(index.status).toBe(200);
  expect(index.body.namespaces.length).toBeGreaterThan(0);
  expect(db.prismaStarted()).toBe(false);
  // Not listening yet: the job engine has not started, so the instance is not ready.
  expect((await http.get('/readyz')).body).toEqual({ status: 'unavailable', reason: 'starting' });

  const server = await atrium.listen(0, '127.0.0.1');
  await atrium.finished();
  expect(db.prismaStarted()).toBe(true);
  const { port } = server.address() as { port: number };
  const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
  expect(ready.status).toBe(200);
  expect(await ready.json()).toMatchObject({ status: 'ready', migrations: { pending: [] } });
});
