// Kysely beside Prisma (src/db/sql.ts): on the pool each statement is counted and prepared like Prisma's, timestamps
// read as UTC; inside a transaction sqlIn(tx) runs on the transaction's connection (it sees the transaction's own
// uncommitted rows, and a rollback takes its writes back); Kysely's own transactions are refused.
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/connect.ts';
import { sqlIn } from '../../src/db/sql.ts';
import { templateCopy } from '../helpers/database.ts';

let db: Database;
let drop: () => Promise<void>;
let url: string;
const at = new Date('2026-11-22T10:11:12.345Z');

beforeAll(async () => {
  const copy = await templateCopy();
  drop = copy.drop;
  url = copy.url;
  db = await openDatabase({ kind: 'postgres', url: copy.url });
});
afterAll(async () => {
  await db.close();
  await drop();
});

const tagNamed = (name: string) => ({ name, slug: name, created_at: at });

describe('on the pool', () => {
  it("counts each statement with Prisma's and prepares a repeated text once per connection", async () => {
    const { statements } = await db.statements.measure(async () => {
      for (let i = 0; i < 4; i++)
        await db.sql.selectFrom('mailer_tags').select('id').where('slug', '=', `none-${i}`).execute();
    });
    expect(statements).toBe(4);
    const prepared = await db.prisma.$queryRaw<
      { name: string; statement: string }[]
    >`SELECT name, statement FROM pg_prepared_statements`;
    expect(prepared.filter((p) => p.statement.includes('"mailer_tags"'))).toEqual([
      { name: expect.stringMatching(/^a_/), statement: expect.any(String) },
    ]);
  });

  it('reads a timestamp as the UTC instant Prisma wrote, and a count as a number', async () => {
    await db.prisma.mailerTag.create({ data: { name: 'utc', slug: 'utc', createdAt: at } });
    const row = await db.sql
      .selectFrom('mailer_tags')
      .select('created_at')
      .where('slug', '=', 'utc')
      .executeTakeFirstOrThrow();
    expect(row.created_at).toEqual(at);
    const { n } = await db.sql
      .selectFrom('mailer_tags')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(n).toBeTypeOf('number');
  });

  it("makes each row the object pg's object mode makes: keys in column order, a repeated name's last value, any name", async () => {
    const query = db.sql.selectNoFrom([
      sql<number>`1`.as('a'),
      sql<string>`'two'`.as('b'),
      sql<number>`3`.as('a'),
      sql<string>`'not a prototype'`.as('__proto__'),
      sql<null>`null`.as('with space'),
    ]);
    const rows = await query.execute();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const compiled = query.compile();
      const { rows: theirs } = await client.query(compiled.sql, [...compiled.parameters]);
      expect(rows).toEqual(theirs);
      expect(Object.keys(rows[0]!)).toEqual(Object.keys(theirs[0]));
      expect(Object.getPrototypeOf(rows[0])).toBe(Object.prototype);
      expect(rows[0]).toMatchObject({ a: 3, b: 'two', 'with space': null });
    } finally {
      await client.end();
    }
  });

  it('writes a Date as its UTC instant whatever the process time zone (as Prisma writes it)', async () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/New_York'; // node applies a change of TZ at once: pg would send local time, -05:00
    try {
      await db.sql.insertInto('mailer_tags').values(tagNamed('zoned')).execute();
      await db.sql.updateTable('mailer_tags').set({ created_at: at }).where('slug', '=', 'zoned').execute();
      await db.prisma.$transaction((tx) => sqlIn(tx).insertInto('mailer_tags').values(tagNamed('zoned-tx')).execute());
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
    const stored = await db.prisma.mailerTag.findMany({
      where: { slug: { in: ['zoned', 'zoned-tx'] } },
      select: { createdAt: true },
    });
    expect(stored).toEqual([{ createdAt: at }, { createdAt: at }]);
  });

  it("refuses Kysely transactions: a command's transaction is the platform's", async () => {
    await expect(db.sql.transaction().execute(async () => {})).rejects.toThrow(/sqlIn\(tx\)/);
  });
});

describe('sqlIn(tx)', () => {
  it("runs on the transaction's connection: its own uncommitted rows are seen, a rollback takes its writes back", async () => {
    const failure = new Error('roll back');
    let seen: unknown;
    await expect(
      db.prisma.$transaction(async (tx) => {
        await sqlIn(tx).insertInto('mailer_tags').values(tagNamed('in-tx')).execute();
        seen = await sqlIn(tx)
          .selectFrom('mailer_tags')
          .select(['slug', 'created_at'])
          .where('slug', '=', 'in-tx')
          .executeTakeFirst();
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(seen).toEqual({ slug: 'in-tx', created_at: at });
    expect(
      await db.sql.selectFrom('mailer_tags').select('id').where('slug', '=', 'in-tx').executeTakeFirst(),
    ).toBeUndefined();
  });

  it('answers the rows a write changed, and its count as a number', async () => {
    const result = await db.prisma.$transaction(async (tx) => {
      const inserted = await sqlIn(tx)
        .insertInto('mailer_tags')
        .values(tagNamed('kept'))
        .returning('id')
        .executeTakeFirstOrThrow();
      const updated = await sqlIn(tx)
        .updateTable('mailer_tags')
        .set({ name: 'Kept' })
        .where('id', '=', inserted.id)
        .executeTakeFirstOrThrow();
      const { n } = await sqlIn(tx)
        .selectFrom('mailer_tags')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      return { updated: updated.numUpdatedRows, n };
    });
    expect(result.updated).toBe(1n);
    expect(result.n).toBeTypeOf('number');
    expect(await db.prisma.mailerTag.findUnique({ where: { slug: 'kept' }, select: { name: true } })).toEqual({
      name: 'Kept',
    });
  });
});
