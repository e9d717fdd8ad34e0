// Builds the migrated template database once per run. Each test file then gets its own database from it with
// CREATE DATABASE … TEMPLATE: on the PostgreSQL server of DATABASE_URL, or else on an embedded PostgreSQL cluster
// started here in a temporary directory (so row locks and races run on a real server in every run). Either way a
// stopped, migrated embedded data directory is prepared for the CLI tests to copy (test/helpers/cli.ts).
import { randomBytes } from 'node:crypto';
import { chmodSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { EMBEDDED_DATABASE, openDatabase } from '../../src/db/connect.ts';
import { acquireCluster } from '../../src/db/embedded/cluster.ts';
import { giveToCluster } from '../../src/db/embedded/os-user.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: {
      kind: 'postgres' | 'embedded';
      /** A database to run CREATE/DROP DATABASE from. */
      adminUrl: string;
      template: string;
    };
    /** A stopped, migrated DATA_DIR, exactly as `atrium migrate` leaves it (test clusters trade durability for speed). */
    seedDataDir: string;
  }
}

async function buildSeed(seed: string): Promise<void> {
  const db = await openDatabase({ kind: 'embedded', dataDir: seed });
  await db.migrate();
  for (const setting of ['fsync = off', 'synchronous_commit = off', 'full_page_writes = off']) {
    await db.prisma.$executeRawUnsafe(`ALTER SYSTEM SET ${setting}`);
  }
  await db.close(); // the last client: the seed cluster stops
}

/** A copy of a stopped data directory, owned by the cluster's account. */
export function copyDataDir(from: string, to: string): void {
  cpSync(from, to, { recursive: true });
  // PostgreSQL refuses a data directory others may read, and cpSync keeps a directory's mode only up to Node 20
  // (Node 24 makes the copies by the umask).
  chmodSync(path.join(to, 'postgres'), 0o700);
  giveToCluster(path.join(to, 'postgres'), true);
  giveToCluster(path.join(to, 'run'), true);
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'atrium-test-'));
  chmodSync(dir, 0o755); // the clusters' account (when running as root) must pass through to seed/ and shared/
  const seed = path.join(dir, 'seed');
  const cleanups: (() => Promise<void>)[] = [async () => rmSync(dir, { recursive: true, force: true })];
  const teardown = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    await buildSeed(seed);
    project.provide('seedDataDir', seed);

    const serverUrl = process.env.DATABASE_URL;
    if (serverUrl) {
      const template = `atrium_tpl_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE "${template}"`);
      cleanups.push(async () => {
        await admin.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
        await admin.end();
      });
      const url = new URL(serverUrl);
      url.pathname = `/${template}`;
      const db = await openDatabase({ kind: 'postgres', url: url.toString() });
      await db.migrate();
      await db.close();
      project.provide('pgTemplate', { kind: 'postgres', adminUrl: serverUrl, template });
    } else {
      // The cluster that serves the test files: a copy of the seed, whose migrated database is the template.
      const shared = path.join(dir, 'shared');
      copyDataDir(seed, shared);
      const cluster = await acquireCluster(shared);
      cleanups.push(() => cluster.release());
      project.provide('pgTemplate', {
        kind: 'embedded',
        adminUrl: cluster.url('postgres'),
        template: EMBEDDED_DATABASE,
      });
    }
  } catch (err) {
    await teardown();
    throw err;
  }
  return teardown;
}
