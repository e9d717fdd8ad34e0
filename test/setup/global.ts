// Builds the migrated template database once per run. Each test file then gets its own database from it:
// embedded PGlite restored from a dump (~0.5 s), or, when DATABASE_URL is set, CREATE DATABASE … TEMPLATE on the
// PostgreSQL server.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/connect.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: { kind: 'pglite'; dumpFile: string } | { kind: 'postgres'; adminUrl: string; template: string };
  }
}

export default async function setup(project: TestProject) {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const template = `atrium_tpl_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${template}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${template}`;
    const db = await openDatabase({ kind: 'postgres', url: url.toString() });
    await db.migrate();
    await db.close();
    project.provide('pgTemplate', { kind: 'postgres', adminUrl, template });
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
      await admin.end();
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'atrium-test-'));
  const pglite = new PGlite();
  const db = await openDatabase({ kind: 'pglite', pglite });
  await db.migrate();
  await db.close();
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  const dumpFile = path.join(dir, 'template.tar');
  writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgTemplate', { kind: 'pglite', dumpFile });
  return () => rmSync(dir, { recursive: true, force: true });
}
