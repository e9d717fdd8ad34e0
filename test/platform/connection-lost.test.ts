// A connection the server ends while it sits idle in a pool (a restart, a failover, DROP DATABASE … FORCE): pg-pool
// drops it and emits 'error' on the pool — unheard, an uncaught exception that stops the process (it did, in CI).
import pg from 'pg';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../../src/db/connect.ts';
import { templateCopy } from '../helpers/database.ts';

let copy: Awaited<ReturnType<typeof templateCopy>>;
let db: Database;
beforeAll(async () => {
  copy = await templateCopy();
  db = await openDatabase({ kind: 'postgres', url: copy.url });
});
afterAll(async () => {
  await db?.close();
  await copy?.drop();
});

/** Ends every other session on the test's database, as an operator's restart would. */
async function terminateOthers(): Promise<number> {
  const admin = new pg.Client({ connectionString: copy.url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ n: number }>(
      'SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    return rows[0]!.n;
  } finally {
    await admin.end();
  }
}

async function idleConnections() {
  await Promise.all([db.prisma.$queryRaw`SELECT 1`, db.sql.selectNoFrom((eb) => eb.val(1).as('one')).execute()]);
  expect(db.pool().idle).toBeGreaterThan(0);
}

it('with nobody listening, the pool drops it (no uncaught exception) and the next query opens another', async () => {
  await idleConnections();
  expect(await terminateOthers()).toBeGreaterThan(0);
  await vi.waitFor(() => expect(db.pool().total).toBe(0), { timeout: 10_000 });
  expect(await db.prisma.$queryRaw`SELECT 1 AS one`).toEqual([{ one: 1 }]);
});

it('a listener hears of it (the server logs it as a warning)', async () => {
  await idleConnections();
  const lost = new Promise<Error>((resolve) => db.onConnectionLost(resolve));
  expect(await terminateOthers()).toBeGreaterThan(0);
  expect((await lost).message).toMatch(/terminating connection due to administrator command/);
});
