// Counts SQL statements sent through a driver adapter: benchmarks report statements per request, and tests prove
// the absence of N+1 queries with it.
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory, Transaction } from '@prisma/driver-adapter-utils';

export class StatementCounter {
  count = 0;
  /** When set, the SQL text of each counted statement is appended (to see which statements a request sends). */
  log: string[] | null = null;
  /** Runs fn and answers how many statements it sent. */
  async measure<T>(fn: () => Promise<T>): Promise<{ result: T; statements: number }> {
    const before = this.count;
    const result = await fn();
    return { result, statements: this.count - before };
  }
}

const COUNTED = new Set(['queryRaw', 'executeRaw', 'executeScript']);

function counting<T extends object>(target: T, counter: StatementCounter): T {
  return new Proxy(target, {
    get(obj, key, receiver) {
      const value = Reflect.get(obj, key, receiver);
      if (typeof value !== 'function') return value;
      if (COUNTED.has(key as string)) {
        return (...args: unknown[]) => {
          counter.count++;
          counter.log?.push((args[0] as { sql?: string } | undefined)?.sql ?? String(key));
          return value.apply(obj, args);
        };
      }
      if (key === 'startTransaction') {
        return async (...args: unknown[]) => counting((await value.apply(obj, args)) as Transaction, counter);
      }
      return value.bind(obj);
    },
  });
}

export function countStatements(
  factory: SqlMigrationAwareDriverAdapterFactory,
  counter: StatementCounter,
): SqlMigrationAwareDriverAdapterFactory {
  return new Proxy(factory, {
    get(obj, key, receiver) {
      const value = Reflect.get(obj, key, receiver);
      if (key === 'connect') {
        return async () => counting((await obj.connect()) as SqlDriverAdapter, counter);
      }
      return typeof value === 'function' ? value.bind(obj) : value;
    },
  });
}
