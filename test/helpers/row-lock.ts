// Races against a lock held in a transaction of the test's own: an HTTP race in one process would otherwise mostly
// run in turn. The lock is held and watched on connections outside the app's pool.
import pg from 'pg';
import type { TestApp } from './app.ts';

/**
 * Runs `fire` while `lockSql` holds a lock in a transaction of its own, until `waiting` sessions wait on a lock; then
 * `meanwhile` runs in the holder's transaction (a change the waiters must see), which commits, and `fire`'s result
 * is returned.
 */
export async function whileLocked<T>(
  t: TestApp,
  lockSql: string,
  fire: () => Promise<T>,
  { waiting = 1, meanwhile }: { waiting?: number; meanwhile?: (holder: pg.Client) => Promise<void> } = {},
): Promise<T> {
  const [holder, watcher] = [
    new pg.Client({ connectionString: t.db.url }),
    new pg.Client({ connectionString: t.db.url }),
  ];
  await Promise.all([holder.connect(), watcher.connect()]);
  try {
    await holder.query('BEGIN');
    await holder.query(lockSql);
    const result = fire();
    result.catch(() => {});
    for (let i = 0; i < 1000; i++) {
      const { rows } = await watcher.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      if (rows[0]!.n >= waiting) break;
      if (i === 999) throw new Error(`${waiting} sessions never waited on the lock`);
      await new Promise((r) => setTimeout(r, 5));
    }
    await meanwhile?.(holder);
    await holder.query('COMMIT');
    return await result;
  } finally {
    await Promise.all([holder.end(), watcher.end()]);
  }
}
