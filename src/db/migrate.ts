// Applies prisma/migrations through the WASM schema engine (same _prisma_migrations bookkeeping as `prisma migrate
// deploy`), and reports what is pending for /readyz and site health.
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { readMigrations } from './migrations-dir.ts';
import { NO_FILTERS, withSchemaEngine } from './schema-engine.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';

type WithFactory = <T>(use: (factory: SqlMigrationAwareDriverAdapterFactory) => Promise<T>) => Promise<T>;

/** Applies pending migrations and answers their names. When the bookkeeping already lists every migration on disk
 *  as finished, the schema engine (a 5 MB WebAssembly module) is not loaded at all: a start or a CLI command on an
 *  up-to-date database costs one query. */
export async function applyMigrations(prisma: PrismaClient, withFactory: WithFactory): Promise<string[]> {
  if ((await pendingMigrations(prisma)).length === 0) return [];
  const migrationsList = await readMigrations();
  return withFactory(async (factory) => {
    const out = await withSchemaEngine(factory, (engine) =>
      engine.applyMigrations({ migrationsList, filters: NO_FILTERS }),
    );
    return out.appliedMigrationNames;
  });
}

/** Names of migrations on disk that the database has not finished applying. */
export async function pendingMigrations(prisma: PrismaClient): Promise<string[]> {
  const onDisk = (await readMigrations()).migrationDirectories.map((d) => d.path);
  let applied: string[] = [];
  try {
    const rows = await prisma.$queryRaw<{ migration_name: string }[]>`
      SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`;
    applied = rows.map((r) => r.migration_name);
  } catch {
    // No bookkeeping table yet: everything is pending.
  }
  const done = new Set(applied);
  return onDisk.filter((name) => !done.has(name));
}
