// A statement template (src/db/statement-template.ts) binds each call's values into the statement it compiled once
// per shape: the same text and parameters as a fresh build of the same builder, constants of the builder kept.
import { Kysely, PostgresDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DB } from '../../src/db/sql.ts';
import { StatementTemplate } from '../../src/db/statement-template.ts';

// Compiles only: the dialect's pool is never asked for a connection.
const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: {} as never }) });

type Values = { slug?: string; take: number };
const build = (v: Values, has: { slug: boolean }) =>
  db
    .selectFrom('mailer_tags')
    .select(['id', 'name'])
    .where('name', '<>', 'constant')
    .$if(has.slug, (q) => q.where('slug', '=', v.slug!))
    .limit(v.take);

describe('StatementTemplate', () => {
  it('binds the values of each call as a fresh build would, per shape', () => {
    const template = new StatementTemplate<Values>(['slug', 'take']);
    for (const values of [{ slug: 'a', take: 5 }, { take: 7 }, { slug: 'b', take: 9 }, { take: 1 }]) {
      const has = { slug: values.slug !== undefined };
      const bound = template.bind(JSON.stringify(has), values, (v) => build(v, has))!;
      const fresh = build(values, has).compile();
      expect([bound.sql, bound.parameters]).toEqual([fresh.sql, fresh.parameters]);
    }
  });

  it('keeps a shape it cannot build as null, and builds past its limit of shapes without keeping them', () => {
    const template = new StatementTemplate<Values>(['slug', 'take'], 1);
    let builds = 0;
    const bind = (shape: string, values: Values) =>
      template.bind(shape, values, (v) => (builds++, shape === 'none' ? null : build(v, { slug: false })));
    expect(bind('none', { take: 1 })).toBeNull();
    expect(bind('none', { take: 2 })).toBeNull();
    expect(bind('plain', { take: 3 })?.parameters).toEqual(['constant', 3]);
    expect(bind('plain', { take: 4 })?.parameters).toEqual(['constant', 4]);
    expect(builds).toBe(3);
  });
});
