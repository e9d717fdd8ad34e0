// Builds the migrated template database once per run. Each test file then gets its own database from it with
// CREATE DATABASE … TEMPLATE: on the PostgreSQL server of DATABASE_URL, or else on an embedded PostgreSQL cluster
// started here in a temporary directory (so row locks and races run on a real server in every run).
import { randomBytes } from 'node:crypto';
import { chmodSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { EMBEDDED_DATABASE, openDatabase } from '../../src/db/connect.ts';
import { acquireCluster, type ClusterLease } from '../../src/db/embedded/cluster.ts';
import { giveToCluster } from '../../src/db/embedded/os-user.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: {
      kind: 'postgres' | 'embedded';
      /** A database to run CREATE/DROP DATABASE from. */
      adminUrl: string;
      template: string;
      /** Embedded only: a stopped, migrated DATA_DIR that CLI tests copy (test/helpers/cli.ts). */
      seedDataDir?: string;
    };
  }
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const template = `atrium_tpl_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${template}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${template}`;
    const db = await openDatabase({ kind: 'postgres', url: url.toString() });
    await db.migrate();
    await db.close();
    project.provide('pgTemplate', { kind: 'postgres', adminUrl: serverUrl, template });
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
      await admin.end();
    };
  }

  // A seed data directory, exactly as `atrium migrate` leaves it, stopped. Test clusters trade durability for speed.
  const dir = mkdtempSync(path.join(tmpdir(), 'atrium-test-'));
  chmodSync(dir, 0o755); // the clusters' account (when running as root) must pass through to seed/ and shared/
  const seed = path.join(dir, 'seed');
  let cluster: ClusterLease;
  try {
    const db = await openDatabase({ kind: 'embedded', dataDir: seed });
    await db.migrate();
    for (const setting of ['fsync = off', 'synchronous_commit = off', 'full_page_writes = off']) {
      await db.prisma.$executeRawUnsafe(`ALTER SYSTEM SET ${setting}`);
    }
    await db.close(); // the last client: the seed cluster stops

    // The cluster that serves the test files: a copy of the seed, whose migrated database is the template.
    const shared = path.join(dir, 'shared');
    cpSync(seed, shared, { recursive: true });
    giveToCluster(path.join(shared, 'postgres'), true);
    giveToCluster(path.join(shared, 'run'), true);
    cluster = await acquireCluster(shared);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  project.provide('pgTemplate', { kind: 'embedded', adminUrl: cluster.url('postgres'), template: EMBEDDED_DATABASE, seedDataDir: seed });
  return async () => {
    await cluster.release();
    rmSync(dir, { recursive: true, force: true });
  };
}
