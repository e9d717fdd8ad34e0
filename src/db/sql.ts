// Kysely beside Prisma (docs/data-access.md): typed SQL for hot reads and for what Prisma's client cannot express,
// with the table types prisma-kysely generates from the same schema (src/generated/kysely/db.ts). Never SQL assembled
// from strings: a query is a Kysely builder, compiled to one text with its parameters.
//
// `poolSql` runs each statement on Atrium's own pg pool (one connection per statement, borrowed and returned):
// prepared once per connection by the namer Prisma's statements use, and counted with them. It borrows through
// `pool.connect`, so inside a transaction it is refused like any second connection. There, `sqlIn(tx)` compiles the
// same builders and runs them on the transaction's client. Kysely's own transactions are not offered: a command's
// transaction is the platform's (`transaction()`), whose client `sqlIn` wraps.
import {
  isCompilable,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type Compilable,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from 'kysely';
import pg from 'pg';
import type { DB } from '../generated/kysely/db.ts';
import type { StatementCounter } from './statement-counter.ts';
import { rowObjects } from './row-objects.ts';
import { parseTimestamp } from './timestamp-text.ts';

export type Sql = Kysely<DB>;
export type { DB };

type Run = (query: CompiledQuery) => Promise<QueryResult<unknown>>;

const NO_TRANSACTIONS = 'Kysely transactions are not used: run the work in transaction() and query with sqlIn(tx).';

/** A Kysely dialect whose every statement goes to `run` (no connection state: each statement stands alone). */
function dialect(run: Run): Dialect {
  const connection = {
    executeQuery: run,
    streamQuery: () => {
      throw new Error('Streaming is not offered; page with limit/offset or keyset instead.');
    },
  } as DatabaseConnection;
  const refuse = () => Promise.reject(new Error(NO_TRANSACTIONS));
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => connection,
    beginTransaction: refuse,
    commitTransaction: refuse,
    rollbackTransaction: refuse,
    releaseConnection: async () => {},
    destroy: async () => {},
  };
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => driver,
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}

const WRITES = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);
const TIMESTAMP = 1114;
const INT8 = 20;
// As Prisma reads them: a timestamp without time zone is UTC (pg's default reads it as local time), and a bigint
// (COUNT) is a number (pg's default: a string). Counts stay far below 2^53.
const types = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === TIMESTAMP ? parseTimestamp : oid === INT8 ? Number : pg.types.getTypeParser(oid, format),
};

// pg sends a Date as local time with its offset ('…T05:11:12.345-05:00'), and PostgreSQL drops the offset when the
// column is a timestamp without time zone: off a UTC host the stored instant would move. Prisma writes UTC; so do these.
const utc = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

export interface PoolSqlOptions {
  statements: StatementCounter;
  /** The prepared-statement name of a text, or undefined to send it unnamed (src/db/prepared-statements.ts). */
  name?: (text: string) => string | undefined;
}

/** Kysely on the pool: each statement prepared (when named), counted, and run on a connection of its own. */
export function poolSql(pool: pg.Pool, { statements, name }: PoolSqlOptions): Sql {
  return new PoolKysely((query) => {
    statements.count++;
    statements.log?.push(query.sql);
    const pending = pool.query<unknown[]>({
      text: query.sql,
      values: query.parameters.map(utc),
      name: name?.(query.sql),
      types,
      rowMode: 'array',
    });
    // A then, not an async function's await: one promise fewer per statement (each pays the request scope's hook).
    return pending.then((result) => ({
      rows: rowObjects(result.fields, result.rows),
      ...(WRITES.has(result.command) ? { numAffectedRows: BigInt(result.rowCount ?? 0) } : {}),
    }));
  });
}

/** A statement compiled ahead (the hot lists' StatementTemplate) goes straight to the pool: Kysely's executor would
 *  wrap that one call in a connection provider, the driver's acquire and release and a result transform for plugins
 *  none of which are installed — a dozen promises a statement, each paying the request scope's promise hook
 *  (bench/instructions.ts). Builders' `execute()` still take the executor, as do instances derived by `with…`. */
class PoolKysely extends Kysely<DB> {
  readonly #run: Run;
  constructor(run: Run) {
    super({ dialect: dialect(run) });
    this.#run = run;
  }
  override executeQuery<R>(query: CompiledQuery<R> | Compilable<R>): Promise<QueryResult<R>> {
    return this.#run(isCompilable(query) ? query.compile() : query) as Promise<QueryResult<R>>;
  }
}

/**
 * What `sqlIn` needs of a Prisma transaction client. These raw calls are only how Kysely's compiled text and parameters
 * reach the transaction's connection (reads, and writes without RETURNING for their count): no module calls them
 * itself, the member importer's texts having been the last to move to Kysely (issue 29).
 */
export interface RawClient {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
}

const bound = new WeakMap<RawClient, Sql>();
const asNumber = (row: Record<string, unknown>) => {
  for (const key in row) if (typeof row[key] === 'bigint') row[key] = Number(row[key]);
  return row;
};

/**
 * Kysely on a transaction's client: the builder compiles to SQL text and parameters, which Prisma's raw call sends on
 * the transaction's connection (its only use of the raw API: the text is Kysely's, never assembled by hand). Rows
 * read as through the pool, but for numeric columns (Prisma's Decimal).
 */
export function sqlIn(tx: RawClient): Sql {
  let sql = bound.get(tx);
  if (!sql) {
    sql = new Kysely<DB>({
      dialect: dialect(async (query) => {
        const kind = query.query.kind;
        const returns = 'returning' in query.query && query.query.returning !== undefined;
        if (
          (kind === 'InsertQueryNode' ||
            kind === 'UpdateQueryNode' ||
            kind === 'DeleteQueryNode' ||
            kind === 'MergeQueryNode') &&
          !returns
        ) {
          return { rows: [], numAffectedRows: BigInt(await tx.$executeRawUnsafe(query.sql, ...query.parameters)) };
        }
        return {
          rows: (await tx.$queryRawUnsafe<Record<string, unknown>[]>(query.sql, ...query.parameters)).map(asNumber),
        };
      }),
    });
    bound.set(tx, sql);
  }
  return sql;
}
