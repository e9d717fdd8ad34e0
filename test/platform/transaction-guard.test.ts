// The transaction guard (development and tests): inside a transaction's work, the pool's client and the pool itself
// refuse, naming the fix, so a path that would take a second connection under a lock fails its first test instead of
// deadlocking a site's pool under load (issue 25). Work that does not run inside a transaction is untouched.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { targetFromConfig } from '../../src/db/connect.ts';
import { guardPool, SecondConnectionError } from '../../src/db/transaction-guard.ts';
import { transaction } from '../../src/platform/transaction.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('inside transaction()', () => {
  it('platform.prisma throws SecondConnectionError naming what was used and the fix; the transaction rolls back', async () => {
    const admin = await t.as('administrator');
    const refused = transaction(t.platform, async (tx) => {
      await tx.user.update({ where: { id: admin.userId }, data: { displayName: 'Changed' } });
      return t.platform.prisma.user.count();
    });
    await expect(refused).rejects.toThrow(SecondConnectionError);
    await expect(refused).rejects.toThrow(
      /platform\.prisma\.user was used inside a transaction.*through the transaction's client `tx`/s,
    );
    expect((await t.platform.prisma.user.findUniqueOrThrow({ where: { id: admin.userId } })).displayName).not.toBe(
      'Changed',
    );
  });

  it('Kysely on the pool (platform.sql) is refused: it would borrow a second connection', async () => {
    await expect(
      transaction(t.platform, async () => t.platform.sql.selectFrom('users').select('id').execute()),
    ).rejects.toThrow(/A connection was asked of the pool inside a transaction/);
  });

  it('a nested transaction and a raw statement through the client are refused too', async () => {
    await expect(transaction(t.platform, () => transaction(t.platform, async () => 1))).rejects.toThrow(
      /platform\.prisma\.\$transaction was used/,
    );
    await expect(t.platform.prisma.$transaction(async () => t.platform.prisma.$queryRaw`SELECT 1`)).rejects.toThrow(
      SecondConnectionError,
    );
  });

  it('reads and writes through tx pass; the client works again once the work has settled, even from a promise it left', async () => {
    let left: Promise<number> | undefined;
    const n = await transaction(t.platform, async (tx) => {
      left = new Promise((resolve) => setImmediate(resolve))
        .then(() => new Promise((resolve) => setTimeout(resolve, 20)))
        .then(() => t.platform.prisma.user.count());
      return tx.user.count();
    });
    expect(await left).toBe(n);
  });

  it('concurrent requests outside any transaction are never refused', async () => {
    const counts = await Promise.all(Array.from({ length: 8 }, () => t.platform.prisma.user.count()));
    expect(new Set(counts).size).toBe(1);
  });
});

describe('the pool', () => {
  it('refuses a connection asked for inside a transaction (a query builder on the pool), lends them outside', async () => {
    const pool = new pg.Pool({ connectionString: t.db.url, max: 2 });
    guardPool(pool);
    const { prisma } = t.platform;
    try {
      await expect(prisma.$transaction(async () => pool.query('SELECT 1'))).rejects.toThrow(
        /A connection was asked of the pool inside a transaction/,
      );
      await expect(prisma.$transaction(async () => pool.connect())).rejects.toThrow(SecondConnectionError);
      expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await pool.end();
    }
  });
});

it('is on in development and tests, off in production', () => {
  expect(targetFromConfig({ dataDir: '/tmp/x', production: false }).guardTransactions).toBe(true);
  expect(targetFromConfig({ dataDir: '/tmp/x', production: true }).guardTransactions).toBe(false);
});
