// Applies prisma/migrations through the WASM schema engine (same _prisma_migrations bookkeeping as `prisma migrate
// deploy`), and reports what is pending for /readyz and site health. The check is one Kysely query on the pool, not
// a Prisma query: Prisma's first query instantiates its query compiler (WebAssembly, ≈ 200 ms of CPU), which `serve`
// leaves until after it listens (docs/performance.md, "Start-up").
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { readMigrations } from './migrations-dir.ts';
import { NO_FILTERS, withSchemaEngine } from './schema-engine.ts';
import type { Sql } from './sql.ts';

/** Prisma's bookkeeping table: the schema engine's, not the Prisma schema's (so not in the generated types). */
type Bookkeeping = {
  _prisma_migrations: { migration_name: string; finished_at: Date | null; rolled_back_at: Date | null };
};

type WithFactory = <T>(use: (factory: SqlMigrationAwareDriverAdapterFactory) => Promise<T>) => Promise<T>;

/** Applies pending migrations and answers their names. When the bookkeeping already lists every migration on disk
 *  as finished, the schema engine (a 5 MB WebAssembly module) is not loaded at all: a start or a CLI command on an
 *  up-to-date database costs one query. */
export async function applyMigrations(sql: Sql, withFactory: WithFactory): Promise<string[]> {
  if ((await pendingMigrations(sql)).length === 0) return [];
  const migrationsList = await readMigrations();
  return withFactory(async (factory) => {
    const out = await withSchemaEngine(factory, (engine) =>
      engine.applyMigrations({ migrationsList, filters: NO_FILTERS }),
    );
    return out.appliedMigrationNames;
  });
}

/** Names of migrations on disk that the database has not finished applying. */
export async function pendingMigrations(sql: Sql): Promise<string[]> {
  const onDisk = (await readMigrations()).migrationDirectories.map((d) => d.path);
  let applied: string[] = [];
  try {
    const rows = await sql
      .withTables<Bookkeeping>()
      .selectFrom('_prisma_migrations')
      .select('migration_name')
      .where('finished_at', 'is not', null)
      .where('rolled_back_at', 'is', null)
      .execute();
    applied = rows.map((r) => r.migration_name);
  } catch {
    // No bookkeeping table yet: everything is pending.
  }
  const done = new Set(applied);
  return onDisk.filter((name) => !done.has(name));
}
