// Counts SQL statements sent through a driver adapter: benchmarks report statements per request, and tests prove
// the absence of N+1 queries with it.
import type {
  SqlDriverAdapter,
  SqlMigrationAwareDriverAdapterFactory,
  Transaction,
} from '@prisma/driver-adapter-utils';

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
  // Every query reads its method through the proxy: each wrapper is made once, not per call.
  const wrappers = new Map<PropertyKey, unknown>();
  const wrap = (key: PropertyKey, value: (...args: unknown[]) => unknown) => {
    if (COUNTED.has(key as string)) {
      return (...args: unknown[]) => {
        counter.count++;
        counter.log?.push((args[0] as { sql?: string } | undefined)?.sql ?? String(key));
        return value.apply(target, args);
      };
    }
    if (key === 'startTransaction') {
      return async (...args: unknown[]) => counting((await value.apply(target, args)) as Transaction, counter);
    }
    return value.bind(target);
  };
  return new Proxy(target, {
    get(obj, key, receiver) {
      const value = Reflect.get(obj, key, receiver);
      if (typeof value !== 'function') return value;
      let wrapper = wrappers.get(key);
      if (wrapper === undefined) wrappers.set(key, (wrapper = wrap(key, value as (...args: unknown[]) => unknown)));
      return wrapper;
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

/** The factory, and whether Prisma has connected through it yet: its first query does, after instantiating the query
 *  compiler's WebAssembly. A test keeps `serve` from doing that before it listens (test/platform/cold-start.test.ts). */
export function connectionNoticed(factory: SqlMigrationAwareDriverAdapterFactory) {
  const noticed = {
    connected: false,
    factory: new Proxy(factory, {
      get(obj, key, receiver) {
        const value = Reflect.get(obj, key, receiver);
        if (key === 'connect') {
          return () => {
            noticed.connected = true;
            return obj.connect();
          };
        }
        return typeof value === 'function' ? value.bind(obj) : value;
      },
    }),
  };
  return noticed;
}
