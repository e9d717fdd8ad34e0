// The public forms list, a hot read of both faces (issue 29): one Kysely statement for the page and its total, built
// once per shape (src/db/statement-template.ts). Prisma's client was 15 % of the list's CPU (bench/profile.ts forms).
// It answers the filters and selections of the plain list — a status, an order, the form's own columns — and null for
// the rest (a title search, the managers' entry counts, an impossible filter), which then read through Prisma.
import { sql } from 'kysely';
import { plan, type Selection } from '../../../db/prisma-plan.ts';
import type { DB, Sql } from '../../../db/sql.ts';
import { StatementTemplate } from '../../../db/statement-template.ts';
import type { Form, Prisma } from '../../../generated/prisma/client.ts';
import { FORM_ORDER } from './forms.ts';

// Prisma field → column, checked against both generated schemas (a new column fails the type check here).
const FORM = {
  id: 'id',
  title: 'title',
  description: 'description',
  status: 'status',
  version: 'version',
  fields: 'fields',
  confirmation: 'confirmation',
  settings: 'settings',
  notifications: 'notifications',
  mailingFeed: 'mailing_feed',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
} as const satisfies Record<keyof Form, keyof DB['forms']>;

/** Columns only the Form field of the same name reads (definitionOf, for form managers): left out of a page whose
 *  operation does not select that field — the public list — since they are the largest and PostgreSQL turns each
 *  into JSON text. */
export const EDITOR_PARTS = ['confirmation', 'notifications', 'mailingFeed'] as const;

type Values = { status?: string; skip: number };
const page = new StatementTemplate<Values>(['status', 'skip']);

/** The status a `formWhere` filter asks for (undefined: any), or null when the filter is beyond this read. */
function statusOf(where: Prisma.FormWhereInput): string | undefined | null {
  const { status, ...rest } = where;
  if (Object.keys(rest).length || (status !== undefined && typeof status !== 'string')) return null;
  return status;
}

/**
 * A page of forms matching `where` (formWhere's), in `order` then by id, shaped as the Prisma selection `query` asks,
 * with the total when `total` (null on a page past the end), without the `omit` columns; null when the filter or
 * `query` is beyond this read.
 * The page size is written into the text, part of the shape (as the subscriber list's, subscriber-page.ts): with an
 * unknown LIMIT PostgreSQL would plan the statement afresh on every execution.
 */
export async function formPage(
  db: Sql,
  where: Prisma.FormWhereInput,
  order: { column: (typeof FORM_ORDER)[keyof typeof FORM_ORDER]; direction: 'asc' | 'desc' },
  window: { skip: number; take: number },
  query: Selection,
  total: boolean,
  omit: readonly (typeof EDITOR_PARTS)[number][] = [],
): Promise<{ rows: Form[]; total: number | null } | null> {
  const status = statusOf(where);
  const { take, skip } = window;
  if (status === null || !Number.isSafeInteger(take) || take < 0) return null;
  const shape = JSON.stringify([query, status !== undefined, order, take, total, omit]);
  const statement = page.bind(shape, { status, skip }, (v) => {
    const p = plan(query, FORM, []);
    if (!p) return null;
    const count = db
      .selectFrom('forms as f')
      .$if(status !== undefined, (q) => q.where('f.status', '=', v.status!))
      .select(sql<number>`count(*)`.as('n'));
    return db
      .selectFrom('forms as f')
      .select(
        p.fields
          .filter((field) => !(omit as readonly string[]).includes(field))
          .map((field) => sql.ref(`f.${FORM[field as keyof typeof FORM]}`).as(field)),
      )
      .$if(total, (q) => q.select(count.as('total') as never))
      .$if(status !== undefined, (q) => q.where('f.status', '=', v.status!))
      .orderBy(sql.ref(`f.${FORM[order.column]}`), order.direction)
      .orderBy('f.id', order.direction)
      .limit(sql.lit(take))
      .offset(v.skip);
  });
  if (!statement) return null;
  const { rows } = await db.executeQuery<Form & { total?: number }>(statement);
  return { rows, total: total && rows[0] ? rows[0].total! : null };
}
