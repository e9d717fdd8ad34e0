// The embedded database on disk: migrations at open, one process per data directory, data kept across restarts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connect.ts';
import { EmbeddedDatabaseBusyError } from '../../src/db/embedded-lock.ts';
import { pendingMigrations } from '../../src/db/migrate.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'atrium-db-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A fresh on-disk database runs initdb and every migration: slow on a loaded machine, hence the long timeout.
it('persists under DATA_DIR, applies migrations once, and refuses a second opener', { timeout: 180_000 }, async () => {
  const db = await openDatabase({ kind: 'pglite', dataDir: dir });
  expect((await db.migrate()).length).toBeGreaterThan(0);
  expect(await db.migrate()).toEqual([]);
  expect(await pendingMigrations(db.prisma)).toEqual([]);
  await db.prisma.option.create({ data: { name: 'kept', value: { a: 1 } } });
  await expect(openDatabase({ kind: 'pglite', dataDir: dir })).rejects.toBeInstanceOf(EmbeddedDatabaseBusyError);
  await db.close();

  writeFileSync(path.join(dir, 'atrium.pid'), '999999'); // a crashed process's lock is reclaimed
  const again = await openDatabase({ kind: 'pglite', dataDir: dir });
  expect((await again.prisma.option.findUniqueOrThrow({ where: { name: 'kept' } })).value).toEqual({ a: 1 });
  await again.close();
});

it('counts SQL statements', { timeout: 120_000 }, async () => {
  const db = await openDatabase({ kind: 'pglite', dataDir: dir });
  const { statements } = await db.statements.measure(async () => {
    await db.prisma.option.findMany();
    await db.prisma.option.count();
  });
  expect(statements).toBe(2);
  await db.close();
});
