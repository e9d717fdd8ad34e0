// Applies prisma/migrations through the WASM schema engine (same _prisma_migrations bookkeeping as `prisma migrate
// deploy`), and reports what is pending for /readyz and site health.
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { readMigrations } from './migrations-dir.ts';
import { NO_FILTERS, withSchemaEngine } from './schema-engine.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';

export async function applyMigrations(factory: SqlMigrationAwareDriverAdapterFactory): Promise<string[]> {
  const migrationsList = await readMigrations();
  const out = await withSchemaEngine(factory, (engine) => engine.applyMigrations({ migrationsList, filters: NO_FILTERS }));
  return out.appliedMigrationNames;
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
