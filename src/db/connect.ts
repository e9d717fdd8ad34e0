// The one database factory: embedded PGlite under DATA_DIR by default, a PostgreSQL server when DATABASE_URL is set.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from '../generated/prisma/client.ts';
import { lockDataDir } from './embedded-lock.ts';
import { applyMigrations } from './migrate.ts';
import { migrationPgFactory } from './pg-char-shim.ts';
import { countStatements, StatementCounter } from './statement-counter.ts';

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string } // persisted under dataDir/pgdata
  | { kind: 'pglite'; pglite: PGlite }; // an instance the caller owns (tests, studio)

export interface Database {
  kind: 'postgres' | 'pglite';
  prisma: PrismaClient;
  statements: StatementCounter;
  /** The embedded instance, when there is one (studio serves it over a socket). */
  pglite?: PGlite;
  migrate(): Promise<string[]>;
  close(): Promise<void>;
}

export function targetFromConfig(config: { databaseUrl?: string; dataDir: string }): DatabaseTarget {
  return config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir };
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  const statements = new StatementCounter();
  if (target.kind === 'postgres') {
    const factory = new PrismaPg({ connectionString: target.url });
    const prisma = new PrismaClient({ adapter: countStatements(factory, statements) });
    return {
      kind: 'postgres',
      prisma,
      statements,
      async migrate() {
        const { factory: migrator, release } = await migrationPgFactory(target.url);
        try {
          return await applyMigrations(migrator);
        } finally {
          await release();
        }
      },
      close: () => prisma.$disconnect(),
    };
  }

  let pglite: PGlite;
  let unlock = () => {};
  if ('pglite' in target) {
    pglite = target.pglite;
  } else {
    mkdirSync(target.dataDir, { recursive: true });
    unlock = lockDataDir(target.dataDir);
    pglite = new PGlite(path.join(target.dataDir, 'pgdata'));
  }
  const factory: SqlMigrationAwareDriverAdapterFactory = new PrismaPGlite(pglite);
  const prisma = new PrismaClient({ adapter: countStatements(factory, statements) });
  return {
    kind: 'pglite',
    prisma,
    statements,
    pglite,
    migrate: () => applyMigrations(factory),
    async close() {
      await prisma.$disconnect();
      if (!('pglite' in target)) await pglite.close();
      unlock();
    },
  };
}
