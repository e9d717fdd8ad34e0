// The one database factory: the embedded PostgreSQL cluster under DATA_DIR by default, a PostgreSQL server when
// DATABASE_URL is set. Both are reached through adapter-pg; they differ only in who provides the server.
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.ts';
import { acquireCluster } from './embedded/cluster.ts';
import { ensureDatabase } from './ensure-database.ts';
import { migrateJobSchema } from './job-schema.ts';
import { applyMigrations } from './migrate.ts';
import { migrationPgFactory } from './pg-char-shim.ts';
import { statementNamer } from './prepared-statements.ts';
import { poolSql, type Sql } from './sql.ts';
import { connectionNoticed, countStatements, StatementCounter } from './statement-counter.ts';
import { heardPool } from './heard-pool.ts';
import { guardPool, guardTransactions } from './transaction-guard.ts';

/** The database Atrium keeps on its embedded cluster. */
export const EMBEDDED_DATABASE = 'atrium';

/**
 * Where the database is, and how it is used: `statementCache`, SQL texts prepared per connection (default 500, 0:
 * none); `poolSize`, connections of the pool (default 10); `guardTransactions`, refuse a second connection inside a
 * transaction (src/db/transaction-guard.ts; on in development and tests, off by default and in production).
 */
export type DatabaseTarget = ({ kind: 'postgres'; url: string } | { kind: 'embedded'; dataDir: string }) & {
  statementCache?: number;
  poolSize?: number;
  guardTransactions?: boolean;
};

export interface Database {
  kind: 'postgres' | 'embedded';
  /** Connection URL, with the password: for tools that Atrium starts (studio), never for logs. */
  url: string;
  prisma: PrismaClient;
  /** Kysely on the same pool, for hot reads and SQL beyond Prisma's client (src/db/sql.ts, docs/data-access.md). */
  sql: Sql;
  statements: StatementCounter;
  /** The connection pool now: open connections, idle ones, and queries waiting for one (a saturated pool). */
  pool(): { total: number; idle: number; waiting: number };
  /** A connection the server ended while the pool was open (a restart, a failover, DROP DATABASE … FORCE). */
  onConnectionLost(listener: (err: Error) => void): void;
  /** Applies Prisma's migrations (Atrium's tables: answers their names), then graphile-worker's (its schema). */
  migrate(): Promise<string[]>;
  /** Prisma's migrations only: `serve` checks graphile-worker's schema after it listens (src/server.ts). */
  migrateTables(): Promise<string[]>;
  /** graphile-worker's migrations only (src/db/job-schema.ts). */
  migrateJobSchema(): Promise<void>;
  /** Whether Prisma's client has run a query yet (its first one loads the query compiler's WebAssembly). */
  prismaStarted(): boolean;
  close(): Promise<void>;
}

export function targetFromConfig(config: {
  databaseUrl?: string;
  dataDir: string;
  statementCache?: number;
  poolSize?: number;
  production?: boolean;
}): DatabaseTarget {
  const use = {
    statementCache: config.statementCache,
    poolSize: config.poolSize,
    guardTransactions: !config.production,
  };
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl, ...use }
    : { kind: 'embedded', dataDir: config.dataDir, ...use };
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  const cluster = target.kind === 'embedded' ? await acquireCluster(target.dataDir) : undefined;
  try {
    const url = cluster ? cluster.url(EMBEDDED_DATABASE) : (target as { url: string }).url;
    await ensureDatabase(url);
    const statements = new StatementCounter();
    const max = target.statementCache ?? 500;
    // The pool is Atrium's (so /metrics can show it); Prisma ends it when it disconnects.
    // Prisma's adapter listens for lost connections only once it has connected; Kysely may use the pool before.
    const lost: ((err: Error) => void)[] = [];
    const pool = heardPool({ connectionString: url, max: target.poolSize ?? 10 }, (err) => lost.forEach((l) => l(err)));
    // One budget of prepared statements for both clients.
    const namer = max > 0 ? statementNamer({ after: 3, max }) : undefined;
    const pgOptions = { disposeExternalPool: true, ...(namer ? { statementNameGenerator: namer } : {}) };
    const adapter = connectionNoticed(countStatements(new PrismaPg(pool, pgOptions), statements));
    const client = new PrismaClient({ adapter: adapter.factory });
    if (target.guardTransactions) guardPool(pool);
    const prisma = target.guardTransactions ? guardTransactions(client) : client;
    const sql = poolSql(pool, { statements, name: namer && ((text) => namer({ sql: text, args: [], argTypes: [] })) });
    const migrateTables = () =>
      applyMigrations(sql, async (apply) => {
        const { factory, release } = await migrationPgFactory(url);
        try {
          return await apply(factory);
        } finally {
          await release();
        }
      });
    return {
      kind: target.kind,
      url,
      prisma,
      sql,
      statements,
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      onConnectionLost: (listener) => void lost.push(listener),
      async migrate() {
        const applied = await migrateTables();
        await migrateJobSchema(url);
        return applied;
      },
      migrateTables,
      migrateJobSchema: () => migrateJobSchema(url),
      prismaStarted: () => adapter.connected,
      async close() {
        await prisma.$disconnect();
        await cluster?.release();
      },
    };
  } catch (err) {
    await cluster?.release();
    throw err;
  }
}
