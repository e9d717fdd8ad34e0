// Named prepared statements: a text repeated three times is prepared once per connection, one-off texts are not, and
// DATABASE_STATEMENT_CACHE bounds (or turns off) the texts an instance prepares.
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connect.ts';
import { statementNamer } from '../../src/db/prepared-statements.ts';
import { templateCopy } from '../helpers/database.ts';

const query = (sql: string) => ({ sql, args: [], argTypes: [] });

describe('statementNamer', () => {
  it('names a text from its third use on, with the same name each time', () => {
    const name = statementNamer({ after: 3, max: 10 });
    expect(name(query('SELECT 1'))).toBeUndefined();
    expect(name(query('SELECT 1'))).toBeUndefined();
    const third = name(query('SELECT 1'));
    expect(third).toMatch(/^a_[\w-]+$/);
    expect(name(query('SELECT 1'))).toBe(third);
    expect(name(query('SELECT 2'))).toBeUndefined();
  });

  it('gives different texts different names, and names no more than max texts', () => {
    const name = statementNamer({ after: 1, max: 2 });
    const a = name(query('SELECT 1'));
    const b = name(query('SELECT 2'));
    expect(a).not.toBe(b);
    expect(name(query('SELECT 3'))).toBeUndefined();
    expect(name(query('SELECT 1'))).toBe(a);
  });
});

describe('on PostgreSQL', () => {
  const copies: { drop(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const c of copies) await c.drop();
  });

  async function preparedAfterRepeats(statementCache: number) {
    const copy = await templateCopy();
    copies.push(copy);
    const db = await openDatabase({ kind: 'postgres', url: copy.url, statementCache });
    try {
      // Sequential queries reuse the pool's most recently released connection, so the repeats share one.
      for (let i = 0; i < 4; i++) await db.prisma.user.findMany({ where: { username: 'nobody' } });
      const rows = await db.prisma.$queryRaw<
        { name: string; statement: string }[]
      >`SELECT name, statement FROM pg_prepared_statements`;
      return rows;
    } finally {
      await db.close();
    }
  }

  it('prepares a repeated query once on its connection', async () => {
    const rows = await preparedAfterRepeats(500);
    const users = rows.filter((r) => r.statement.includes('"users"'));
    expect(users).toHaveLength(1);
    expect(users[0]!.name).toMatch(/^a_/);
    expect(rows.some((r) => r.statement.includes('pg_prepared_statements'))).toBe(false);
  });

  it('prepares nothing with DATABASE_STATEMENT_CACHE=0', async () => {
    expect(await preparedAfterRepeats(0)).toEqual([]);
  });
});
