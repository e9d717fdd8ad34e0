// The subscriber list, the hot read of the authenticated REST face (issue 29): one Kysely statement for the page,
// each subscriber's lists and tags, and the total — only the columns the operation selects. Prisma's client spent
// more CPU on this page than the rest of the request (bench/prisma-overhead.ts); docs/data-access.md says when a read
// moves to Kysely. The GraphQL selection arrives as the Prisma plugin plans it (a Prisma select/include); the rows
// answer it in Prisma's shape, so the type's resolvers and the plugin's bookkeeping read them as Prisma's. A selection
// this read does not cover (a relation count, another relation) answers null: the caller then reads through Prisma.
import { expressionBuilder, sql, type Expression, type ExpressionBuilder, type RawBuilder } from 'kysely';
import { jsonBuildObject } from 'kysely/helpers/postgres';
import { plan, type Columns, type Selection } from '../../../db/prisma-plan.ts';
import type { DB, Sql } from '../../../db/sql.ts';
import { StatementTemplate } from '../../../db/statement-template.ts';
import type {
  MailerList,
  MailerListMember,
  MailerSubscriber,
  MailerSubscriberTag,
  MailerTag,
} from '../../../generated/prisma/client.ts';
import type { SubscriberStatus } from './subscribers.ts';

export interface SubscriberQuery {
  search?: string | null;
  status?: SubscriberStatus | null;
  listId?: number | null;
  tagId?: number | null;
}

// Prisma field → column, checked against both generated schemas (a new column fails the type check here).
const SUBSCRIBER = {
  id: 'id',
  email: 'email',
  firstName: 'first_name',
  status: 'status',
  source: 'source',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  unsubscribedAt: 'unsubscribed_at',
} as const satisfies Record<keyof MailerSubscriber, keyof DB['mailer_subscribers']>;
const LIST = { id: 'id', name: 'name', description: 'description', createdAt: 'created_at' } as const satisfies Record<
  keyof MailerList,
  keyof DB['mailer_lists']
>;
const TAG = { id: 'id', name: 'name', slug: 'slug', createdAt: 'created_at' } as const satisfies Record<
  keyof MailerTag,
  keyof DB['mailer_tags']
>;
const MEMBER = { listId: 'list_id', subscriberId: 'subscriber_id', createdAt: 'created_at' } as const satisfies Record<
  keyof MailerListMember,
  keyof DB['mailer_list_members']
>;
const HOLDER = { tagId: 'tag_id', subscriberId: 'subscriber_id', createdAt: 'created_at' } as const satisfies Record<
  keyof MailerSubscriberTag,
  keyof DB['mailer_subscriber_tags']
>;
const TIMES = new Set(['created_at', 'updated_at', 'unsubscribed_at']);

/** A column as JSON carries it: timestamps (UTC without a zone in the table) with their zone, so they parse as UTC. */
const jsonColumn = (alias: string, column: string): Expression<unknown> =>
  TIMES.has(column) ? sql`${sql.ref(`${alias}.${column}`)} at time zone 'UTC'` : sql.ref(`${alias}.${column}`);

const objectOf = (alias: string, columns: Columns, fields: string[]) =>
  jsonBuildObject(Object.fromEntries(fields.map((f) => [f, jsonColumn(alias, columns[f]!)])));

/**
 * Of the list and tag objects, the fields the operation reads (src/graphql/selection.ts `exposedUnder`): lists and
 * tags are in the Prisma plugin's include mode (docs/data-access.md), whose selection names every column; absent or
 * null, every column is read.
 */
export interface TargetFields {
  list?: readonly string[] | null;
  tag?: readonly string[] | null;
}

/**
 * A subscriber's rows of a join table (lists or tags) as Prisma answers the relation: [{ listId, list: {…} }], in
 * key order, the list (or tag) with the fields of `only` and its id when given. Null when the relation's selection
 * is beyond this read.
 */
function joined(
  eb: ExpressionBuilder<DB & { s: DB['mailer_subscribers'] }, 's'>,
  q: Selection,
  rel: {
    table: 'mailer_list_members' | 'mailer_subscriber_tags';
    columns: Columns;
    key: string;
    target: 'list' | 'tag';
  },
  only: readonly string[] | null | undefined,
): RawBuilder<unknown> | null {
  const orderBy = q.orderBy as Record<string, string> | undefined;
  if (orderBy && (Object.keys(orderBy).join() !== rel.key || orderBy[rel.key] !== 'asc')) return null;
  const row = plan(q, rel.columns, [rel.target]);
  const target =
    row &&
    (row.relations[rel.target] ? plan(row.relations[rel.target]!, rel.target === 'list' ? LIST : TAG, []) : undefined);
  if (!row || target === null || (target && Object.keys(target.relations).length)) return null;
  const targetColumns = rel.target === 'list' ? LIST : TAG;
  const fields =
    target && only?.every((f) => f in targetColumns)
      ? target.fields.filter((f) => f === 'id' || only.includes(f))
      : target?.fields;
  const keyColumn = rel.columns[rel.key]!;
  const object = jsonBuildObject({
    ...Object.fromEntries(row.fields.map((f) => [f, jsonColumn('j', rel.columns[f]!)])),
    ...(fields ? { [rel.target]: objectOf('t', targetColumns, fields) } : {}),
  });
  const from = eb
    .selectFrom(`${rel.table} as j` as 'mailer_list_members as j')
    .whereRef('j.subscriber_id', '=', 's.id')
    .select(sql`coalesce(json_agg(${object} order by ${sql.ref(`j.${keyColumn}`)}), '[]')`.as('rows'));
  const withTarget = target
    ? from.innerJoin(
        `${rel.target === 'list' ? 'mailer_lists' : 'mailer_tags'} as t` as 'mailer_lists as t',
        't.id',
        sql.ref(`j.${keyColumn}`) as never,
      )
    : from;
  return sql`(${withTarget})`;
}

/** The filters' values as the statement binds them (the search trimmed, and lower-cased for the address). */
interface Filter {
  status?: SubscriberStatus;
  search?: string;
  searchLower?: string;
  listId?: number;
  tagId?: number;
}

function filterOf(f: SubscriberQuery): Filter {
  const search = f.search?.trim() || undefined;
  return {
    status: f.status || undefined,
    search,
    searchLower: search?.toLowerCase(),
    listId: f.listId || undefined,
    tagId: f.tagId || undefined,
  };
}

/** Which filters `f` sets: the shape of its statement. */
const filtersSet = (f: Filter) => [!!f.status, !!f.search, !!f.listId, !!f.tagId];

/** The filters of the list, for the page and for its count alike (true without any). `has` says which are set;
 *  `v` holds their values (a template's stand-ins: read only through `has`). */
function where(eb: ExpressionBuilder<DB & { s: DB['mailer_subscribers'] }, 's'>, has: Filter, v: Filter) {
  if (!has.status && !has.search && !has.listId && !has.tagId) return sql<boolean>`true`;
  return eb.and([
    ...(has.status ? [eb('s.status', '=', v.status!)] : []),
    // Containment, as Prisma's `contains` (no wildcards): the address is stored lower-cased; the first name is not.
    ...(has.search
      ? [
          eb.or([
            eb(eb.fn('strpos', ['s.email', eb.val(v.searchLower!)]), '>', 0),
            eb(eb.fn('strpos', [eb.fn('lower', ['s.first_name']), eb.fn('lower', [eb.val(v.search!)])]), '>', 0),
          ]),
        ]
      : []),
    ...(has.listId
      ? [
          eb.exists(
            eb
              .selectFrom('mailer_list_members as m')
              .whereRef('m.subscriber_id', '=', 's.id')
              .where('m.list_id', '=', v.listId!)
              .select('m.list_id'),
          ),
        ]
      : []),
    ...(has.tagId
      ? [
          eb.exists(
            eb
              .selectFrom('mailer_subscriber_tags as g')
              .whereRef('g.subscriber_id', '=', 's.id')
              .where('g.tag_id', '=', v.tagId!)
              .select('g.tag_id'),
          ),
        ]
      : []),
  ]);
}

/** Subscribers matching the filters. */
export async function countSubscribers(db: Sql, f: SubscriberQuery): Promise<number> {
  const row = await db
    .selectFrom('mailer_subscribers as s')
    .where((eb) => {
      const filter = filterOf(f);
      return where(eb, filter, filter);
    })
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

type PageValues = Filter & { skip: number };
const page = new StatementTemplate<PageValues>(['status', 'search', 'searchLower', 'listId', 'tagId', 'skip']);

/**
 * A page of subscribers, newest first (by id: the primary key keeps it an index scan), shaped as the Prisma selection
 * `query` asks, with the total when `total` (null on a page past the end); null when `query` is beyond this read.
 * The statement is built once per shape (the selection, the filters set, the page size, the total):
 * src/db/statement-template.ts.
 */
export async function subscriberPage(
  db: Sql,
  f: SubscriberQuery,
  window: { skip: number; take: number },
  query: Selection,
  total: boolean,
  targets: TargetFields = {},
): Promise<{ rows: MailerSubscriber[]; total: number | null } | null> {
  const { take, skip } = window;
  if (!Number.isSafeInteger(take) || take < 0) return null;
  const filter = filterOf(f);
  const shape = JSON.stringify([query, filtersSet(filter), take, total, targets.list, targets.tag]);
  const statement = page.bind(shape, { ...filter, skip }, (v) => pageQuery(db, filter, v, take, query, total, targets));
  if (!statement) return null;
  const { rows } = await db.executeQuery<MailerSubscriber & { total?: number }>(statement);
  return { rows, total: total && rows[0] ? rows[0].total! : null };
}

/**
 * The page's statement for the selection `query` and the filters `has` sets, on the values `v`; null when `query`
 * is beyond this read. Its shape is what PostgreSQL needs to keep one plan for it:
 * - The page size is written into the text (a literal: `take` is part of the shape), the offset bound. With both
 *   bound, PostgreSQL's plan for an unknown LIMIT assumes a tenth of the table, costs more than a plan for the
 *   actual 10, and so it planned the statement afresh on every execution (custom plans, never the cached generic
 *   one): that planning was about half of the list's database CPU (docs/performance.md).
 * - The page is chosen in a subquery and the lists, tags and total are read over its rows only: in one flat
 *   SELECT, the rows OFFSET skips are projected too, each with its correlated subqueries.
 */
function pageQuery(
  db: Sql,
  has: Filter,
  v: PageValues,
  take: number,
  query: Selection,
  total: boolean,
  targets: TargetFields,
) {
  const p = plan(query, SUBSCRIBER, ['lists', 'tags']);
  if (!p) return null;
  const eb = expressionBuilder<DB & { s: DB['mailer_subscribers'] }, 's'>();
  const relations = Object.entries(p.relations).map(([name, q]) => {
    const rows =
      name === 'lists'
        ? joined(eb, q, { table: 'mailer_list_members', columns: MEMBER, key: 'listId', target: 'list' }, targets.list)
        : joined(eb, q, { table: 'mailer_subscriber_tags', columns: HOLDER, key: 'tagId', target: 'tag' }, targets.tag);
    return rows?.as(name);
  });
  if (relations.includes(undefined)) return null;
  const count = eb
    .selectFrom('mailer_subscribers as s')
    .where((e) => where(e, has, v))
    .select(eb.fn.countAll<number>().as('n'));
  const columns = p.fields.map((field) => SUBSCRIBER[field as keyof typeof SUBSCRIBER]);
  const rows = db
    .selectFrom('mailer_subscribers as s')
    .select([...new Set(['id' as const, ...columns])].map((column) => `s.${column}` as const))
    .where((e) => where(e, has, v))
    .orderBy('s.id', 'desc')
    .limit(sql.lit(take))
    .offset(v.skip);
  return db
    .selectFrom(rows.as('s'))
    .select(p.fields.map((field, i) => sql.ref(`s.${columns[i]}`).as(field)))
    .select(relations as never[])
    .$if(total, (q) => q.select(count.as('total') as never))
    .orderBy('s.id', 'desc');
}
