// Reads prisma/migrations in Prisma's own layout: <timestamp>_<name>/migration.sql plus migration_lock.toml.
import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { MigrationList } from '@prisma/schema-engine-wasm';
import { PRISMA_DIR } from './schema-engine.ts';

export const MIGRATIONS_DIR = path.join(PRISMA_DIR, 'migrations');
export const LOCKFILE = 'migration_lock.toml';

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<MigrationList> {
  const entries = existsSync(dir) ? await readdir(dir, { withFileTypes: true }) : [];
  const folders = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const lockPath = path.join(dir, LOCKFILE);
  return {
    baseDir: dir,
    lockfile: { path: LOCKFILE, content: existsSync(lockPath) ? await readFile(lockPath, 'utf8') : null },
    shadowDbInitScript: '',
    migrationDirectories: await Promise.all(
      folders.map(async (name) => ({
        path: name,
        migrationFile: {
          path: 'migration.sql',
          content: { tag: 'ok' as const, value: await readFile(path.join(dir, name, 'migration.sql'), 'utf8') },
        },
      })),
    ),
  };
}
