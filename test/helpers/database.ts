// A fresh database for one test file, from the template built in globalSetup.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/db/connect.ts';

/** The test database; `url` when it is on a PostgreSQL server (another process can connect to it). */
export async function testDatabase(): Promise<Database & { url?: string }> {
  const template = inject('pgTemplate');
  if (template.kind === 'pglite') {
    const pglite = new PGlite({ loadDataDir: new Blob([readFileSync(template.dumpFile)]) });
    const db = await openDatabase({ kind: 'pglite', pglite });
    return { ...db, close: async () => { await db.close(); await pglite.close(); } };
  }
  const name = `atrium_t_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template.template}"`);
  const url = new URL(template.adminUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    ...db,
    url: url.toString(),
    async close() {
      await db.close();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Empties every table but the migration history (for files that want a clean slate between tests). */
export async function truncateAll(db: Database): Promise<void> {
  const tables = await db.prisma.$queryRaw<{ tablename: string }[]>`
    SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename <> '_prisma_migrations'`;
  if (tables.length) {
    await db.prisma.$executeRawUnsafe(`TRUNCATE ${tables.map((t) => `"${t.tablename}"`).join(', ')} RESTART IDENTITY CASCADE`);
  }
}
