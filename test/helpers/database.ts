// A fresh database for one test file: CREATE DATABASE … TEMPLATE from the template built in globalSetup, on the
// PostgreSQL server of DATABASE_URL or on the embedded cluster of the run.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/db/connect.ts';

/** Creates a database from the template and answers its URL and a function that drops it. */
export async function templateCopy(): Promise<{ url: string; drop(): Promise<void> }> {
  const template = inject('pgTemplate');
  const name = `atrium_t_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template.template}"`);
  const url = new URL(template.adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * Tests run on a pool of 2 connections: concurrent requests queue as they would on a saturated site, so a code path
 * that needs a second connection while holding one deadlocks a test instead of a site (the transaction guard,
 * on here, names such a path at once).
 */
export const TEST_POOL_SIZE = 2;

export async function testDatabase(): Promise<Database> {
  const copy = await templateCopy();
  const db = await openDatabase({ kind: 'postgres', url: copy.url, poolSize: TEST_POOL_SIZE, guardTransactions: true });
  let closed: Promise<void> | undefined;
  return {
    ...db,
    kind: inject('pgTemplate').kind, // what the suite runs on (site health reports the embedded database)
    // Idempotent: files that run two Atrium instances on one database close it through both.
    close: () => (closed ??= db.close().then(() => copy.drop())),
  };
}
