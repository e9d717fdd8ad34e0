// Inside a transaction every statement goes through the transaction's client. A statement sent through the pool
// instead (platform.prisma, a nested $transaction, a query builder on the pool) waits for a second connection while
// the first holds its locks; under load every connection is such a holder, and the pool deadlocks. In development
// and tests the guard marks the async context of a transaction's work and the pool refuses to lend a connection in
// it, so the mistake fails the first test that reaches it instead of freezing a site under load.
import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import type { PrismaClient } from '../generated/prisma/client.ts';

/** Open while a transaction's work runs; closed when it settles (a promise it left running may outlive it). */
const work = new AsyncLocalStorage<{ open: boolean }>();

export class SecondConnectionError extends Error {
  constructor(what: string) {
    super(
      `${what} inside a transaction: it would wait for a second pool connection while the transaction holds one and ` +
        'its locks (under load, a deadlock of the pool). Inside transaction() send every read and write through the ' +
        "transaction's client `tx` (pass it to the services the work calls), or do what needs no lock before or " +
        'after the transaction.',
    );
    this.name = 'SecondConnectionError';
  }
}

const inTransaction = () => work.getStore()?.open === true;

/** The pool refuses to lend a connection to the work of a transaction (`query` borrows through `connect` too). */
export function guardPool(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (cb?: (...args: unknown[]) => void) => unknown;
  pool.connect = ((cb?: (...args: unknown[]) => void) => {
    if (!inTransaction()) return connect(cb);
    const err = new SecondConnectionError('A connection was asked of the pool');
    if (!cb) return Promise.reject(err);
    process.nextTick(cb, err);
  }) as typeof pool.connect;
}

/**
 * The client, refusing to be used by the work of a transaction (a stack that names the caller, where the pool's refusal
 * could not), whose `$transaction(work)` marks `work` as a transaction's (the batch form sends no code of ours).
 */
export function guardTransactions(prisma: PrismaClient): PrismaClient {
  const $transaction = prisma.$transaction.bind(prisma) as (arg: unknown, options?: unknown) => Promise<unknown>;
  const guarded = (arg: unknown, options?: unknown) => {
    if (typeof arg !== 'function') return $transaction(arg, options);
    return $transaction((tx: unknown) => {
      const mark = { open: true };
      return work.run(mark, async () => {
        try {
          return await arg(tx);
        } finally {
          mark.open = false;
        }
      });
    }, options);
  };
  const methods = new Map<PropertyKey, unknown>();
  return new Proxy(prisma, {
    get(target, key) {
      if (typeof key === 'symbol' || key === 'then') return Reflect.get(target, key);
      if (inTransaction()) throw new SecondConnectionError(`platform.prisma.${key} was used`);
      if (key === '$transaction') return guarded;
      const value = Reflect.get(target, key);
      if (typeof value !== 'function') return value;
      // Bound to the client itself: Prisma's methods must not see the proxy as `this`.
      let method = methods.get(key);
      if (method === undefined) methods.set(key, (method = value.bind(target)));
      return method;
    },
  });
}
