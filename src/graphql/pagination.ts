// Offset pages with totals (what REST's X-WP-Total headers need). A page object is lazy: `items` loads with the
// GraphQL selection (Prisma plugin, no N+1) and `total` runs only when asked for. `page` and `perPage` come declared
// (`pageArgs` of src/input/vocabulary.ts), so they arrive validated and defaulted.
import type PrismaTypes from '../generated/pothos-prisma-types.ts';
import type { GraphQLResolveInfo } from 'graphql';
import type { Builder } from './builder.ts';
import { selects } from './selection.ts';

export interface PageArgs {
  page: number;
  perPage: number;
}

export interface OffsetPage<T> {
  page: number;
  perPage: number;
  total(): Promise<number>;
  /** `query` is the Prisma plugin's select/include for the requested fields. */
  items(query?: object): Promise<T[]>;
}

/**
 * What a page's findMany spreads into its arguments. relationLoadStrategy 'query': relations the selection asks for
 * (authors, counts, …) load for the page's rows in one query each, after the page is chosen; with the default
 * 'join' PostgreSQL builds every row's lateral joins before ORDER BY … LIMIT (a 20-topic page of a 10,000-topic
 * space took 60 ms in the joins alone).
 */
export interface PageWindow {
  skip: number;
  take: number;
  relationLoadStrategy: 'query';
}

export interface PageSource<T> {
  count(): Promise<number>;
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- any Prisma query, as the plugin's spread passes it
  findMany(window: PageWindow, query: {}): Promise<T[]>;
  /**
   * A read of the page that answers the total in the same statement when `total` is asked (a hot list's Kysely query,
   * docs/data-access.md); null when it does not cover the selection (`query`), which then loads through findMany.
   * `total` is null when it could not be read with the rows (a page past the end).
   */
  findPage?(
    window: { skip: number; take: number },
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- any Prisma query, as the plugin's spread passes it
    query: {},
    total: boolean,
  ): Promise<{ rows: T[]; total: number | null } | null>;
}

/**
 * A source with `findPage` reads the page and, when the selection (`info`) asks for it, the total in one statement.
 * Otherwise the page reads one row past its end: when that row is missing, the page is the list's last and the total
 * is known without a COUNT (every list that fits in one page — forms, plans, courses — answers in one statement);
 * else the total is counted after the page.
 */
export function offsetPage<T>(
  { page, perPage }: PageArgs,
  source: PageSource<T>,
  info?: GraphQLResolveInfo,
): OffsetPage<T> {
  const skip = (page - 1) * perPage;
  const withTotal = info ? selects(info, ['total', 'totalPages']) : false;
  // `past`: the rows hold one past the page's end when there is one, so a short read is the list's last page.
  let rows: Promise<{ rows: T[]; total: number | null; past: boolean }> | undefined;
  let total: Promise<number> | undefined;
  const totalFromRows = async () => {
    // A selection that asks for the total first: the sibling `items` resolver starts in the same pass of the executor.
    if (!rows) await new Promise(setImmediate);
    if (rows) {
      const read = await rows;
      if (read.total !== null) return read.total;
      const fetched = read.rows.length;
      if (read.past && fetched <= perPage && (fetched > 0 || page === 1)) return skip + fetched;
    }
    return source.count();
  };
  const load = async (query: object) => {
    const read = await source.findPage?.({ skip, take: perPage }, query, withTotal);
    if (read) return { rows: read.rows, total: read.total, past: false };
    return {
      rows: await source.findMany({ skip, take: perPage + 1, relationLoadStrategy: 'query' }, query),
      total: null,
      past: true,
    };
  };
  return {
    page,
    perPage,
    total: () => (total ??= totalFromRows()),
    items: (query = {}) => (rows ??= load(query)).then((read) => read.rows.slice(0, perPage)),
  };
}

/** A page of a list a service computes in code (its rows are not one Prisma query): `read` answers a window of the
 *  list with the list's total. */
export function computedPage<T>(
  args: PageArgs,
  read: (window: { skip: number; take: number }) => Promise<{ rows: T[]; total: number }>,
): OffsetPage<T> {
  return offsetPage(args, {
    count: async () => (await read({ skip: 0, take: 0 })).total,
    findMany: async ({ skip, take }) => (await read({ skip, take })).rows,
    findPage: (window) => read(window),
  });
}

// A page type is defined once per builder, however many fields answer it.
const pageTypes = new WeakMap<Builder, Map<string, unknown>>();
function once<T>(builder: Builder, name: string, make: () => T): T {
  let types = pageTypes.get(builder);
  if (!types) pageTypes.set(builder, (types = new Map()));
  if (!types.has(name)) types.set(name, make());
  return types.get(name) as T;
}

function pageFields<T>(t: any) {
  return {
    total: t.int({
      description: 'Items over all pages (REST: the X-WP-Total header).',
      resolve: (p: OffsetPage<T>) => p.total(),
    }),
    totalPages: t.int({
      description: 'Pages at this perPage (REST: the X-WP-TotalPages header).',
      resolve: async (p: OffsetPage<T>) => Math.ceil((await p.total()) / p.perPage),
    }),
    page: t.int({ description: "This page's number, from 1.", resolve: (p: OffsetPage<T>) => p.page }),
    perPage: t.int({ description: 'Items per page, as asked (1 to 100).', resolve: (p: OffsetPage<T>) => p.perPage }),
  };
}

/** `<Model>Page` whose items are the Prisma model (or a variant of it: `variant` names the type), loaded with the
 *  requested selection. */
export function prismaPage<Name extends keyof PrismaTypes & string>(
  builder: Builder,
  name: Name,
  variant?: { ref: unknown; name: string },
) {
  type Shape = PrismaTypes[Name]['Shape'];
  const typeName = `${variant?.name ?? name}Page`;
  return once(builder, typeName, () =>
    builder.objectRef<OffsetPage<Shape>>(typeName).implement({
      description: `One page of ${variant?.name ?? name} items, with the totals of the whole list.`,
      fields: (t) => ({
        items: (t as any).prismaField({
          type: [variant?.ref ?? name],
          description: "The items of this page, in the list's order.",
          resolve: (query: object, parent: OffsetPage<Shape>) => parent.items(query),
        }),
        ...pageFields<Shape>(t),
      }),
    }),
  );
}

/** `<Name>Page` over any object type (items not backed by Prisma). */
export function objectPage<T>(builder: Builder, name: string, item: any) {
  return once(builder, `${name}Page`, () =>
    builder.objectRef<OffsetPage<T>>(`${name}Page`).implement({
      description: `One page of ${name} items, with the totals of the whole list.`,
      fields: (t) => ({
        items: t.field({
          type: [item],
          description: "The items of this page, in the list's order.",
          resolve: (parent) => parent.items() as any,
        }),
        ...pageFields<T>(t),
      }),
    }),
  );
}
