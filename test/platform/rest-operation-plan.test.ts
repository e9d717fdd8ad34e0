// The REST face runs a route's operation as a plan compiled once (src/rest/operation-plan.ts). It answers as graphql-js
// executes the same document (compared on a schema of its own: aliases, fragments, @include/@skip, lists, promises,
// an interface, arguments, errors), and a warm route reuses its response path links (issue 29: the Prisma plugin's
// path-keyed bookkeeping memoises per link object; fresh links per resolver call cost 15 % of the REST list).
import {
  buildSchema,
  execute,
  GraphQLError,
  parse,
  type ExecutionResult,
  type GraphQLResolveInfo,
  type GraphQLSchema,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperationPlan } from '../../src/rest/operation-plan.ts';
import { linksMade } from '../../src/rest/response-path.ts';
import { createTestApp, type Caller, type TestApp } from '../helpers/app.ts';

function library(): GraphQLSchema {
  const schema = buildSchema(`
    interface Item { id: Int! title: String }
    type Book implements Item { id: Int! title: String pages: Int }
    type Film implements Item { id: Int! title: String minutes: Int }
    type Shelf { name: String! items(kind: String): [Item!]! first: Item count: Int! meta: Meta }
    type Meta { tags: [String!]! owner: Owner sealed: Int! }
    type Owner { name: String }
    type Query { shelf(name: String!): Shelf broken: Int! failing: String echo(n: Int!, tags: [String!]): String }
    type Mutation { rename(name: String!): Shelf }
  `);
  const items = [
    { kind: 'book', id: 1, title: 'Dune', pages: 412 },
    { kind: 'film', id: 2, title: 'Alien', minutes: 117 },
    { kind: 'book', id: 3, title: null, pages: 90 },
  ];
  const shelf = (name: string) => ({
    name,
    // A promise of a list, a list of promises, a plain value: each as graphql-js awaits it.
    items: async ({ kind }: { kind?: string }) => items.filter((i) => !kind || i.kind === kind),
    first: () => Promise.resolve(items[1]),
    count: () => [Promise.resolve(1)].length + items.length - 1,
    // Plain data, no resolvers: a JSON column's parts (a list of scalars, an object in an object; `sealed` missing).
    meta: { tags: ['a', 'b'], owner: { name: 'Ann' } },
  });
  const item = schema.getType('Item') as unknown as { resolveType: (v: { kind: string }) => string };
  item.resolveType = (v) => (v.kind === 'book' ? 'Book' : 'Film');
  const query = schema.getQueryType()!.getFields();
  query.shelf!.resolve = (_r, { name }) => (name === 'none' ? null : shelf(name as string));
  query.broken!.resolve = () => null;
  query.failing!.resolve = () => Promise.reject(new Error('no luck'));
  query.echo!.resolve = (_r, args) => JSON.stringify(args);
  schema.getMutationType()!.getFields().rename!.resolve = (_r, { name }) => shelf(`renamed ${name as string}`);
  const shelfFields = (
    schema.getType('Shelf') as unknown as { getFields(): Record<string, { resolve?: unknown }> }
  ).getFields();
  shelfFields.items!.resolve = (s: ReturnType<typeof shelf>, args: { kind?: string }) => s.items(args);
  return schema;
}

/** The plan's answer and graphql-js's to the same document and variables. */
async function both(schema: GraphQLSchema, source: string, variables: Record<string, unknown> = {}) {
  const document = parse(source);
  const plan = OperationPlan.of(schema, document)!;
  const ours = await plan.run({}, variables);
  const theirs = (await execute({ schema, document, variableValues: variables, contextValue: {} })) as ExecutionResult;
  return { ours, theirs };
}

describe('a route operation run as a plan', () => {
  const schema = library();

  it('answers as graphql-js: aliases, fragments, an interface, __typename, lists and promises, key order', async () => {
    const { ours, theirs } = await both(
      schema,
      `query ($name: String!, $kind: String) {
        shelf(name: $name) {
          label: name
          ...Counts
          items(kind: $kind) { __typename id ... on Book { pages title } ... on Film { minutes } }
          first { id title }
          all: items { id }
          meta { tags owner { name } }
        }
      }
      fragment Counts on Shelf { count name }`,
      { name: 'home' },
    );
    expect(ours).toEqual(theirs);
    expect(JSON.stringify(ours.data)).toBe(JSON.stringify(theirs.data));
    expect(ours.errors).toBeUndefined();
  });

  it('keeps @include and @skip per the values of their variables, each value its own shape', async () => {
    const source = `query ($edit: Boolean!) { shelf(name: "a") { name count @include(if: $edit) first @skip(if: $edit) { id } } }`;
    for (const edit of [true, false, true]) {
      const { ours, theirs } = await both(schema, source, { edit });
      expect(ours).toEqual(theirs);
    }
  });

  it('coerces variables and arguments as graphql-js, and refuses a variable its type refuses', async () => {
    const source = `query ($n: Int!, $tags: [String!]) { echo(n: $n, tags: $tags) }`;
    const ok = await both(schema, source, { n: 3, tags: 'one' });
    expect(ok.ours).toEqual(ok.theirs);
    const bad = await both(schema, source, { n: 2 ** 40 });
    expect(bad.ours.data).toBeUndefined();
    // What the REST face turns into 400 rest_invalid_param (src/graphql/errors.ts), as graphql-js words it.
    expect(bad.ours.errors?.[0]?.message).toMatch(/^Variable "\$n" got invalid value 1099511627776; /);
    expect(bad.theirs.errors?.[0]?.message).toMatch(/^Variable "\$n" got invalid value 1099511627776; /);
  });

  it("answers a resolver's error and a null in a non-null field (one with no resolver too) as graphql-js's first error, with its path", async () => {
    for (const source of ['{ failing }', '{ broken }', '{ shelf(name: "a") { meta { tags sealed } } }']) {
      const { ours, theirs } = await both(schema, source);
      const [mine, its] = [ours.errors?.[0], theirs.errors?.[0]];
      expect(mine).toBeInstanceOf(GraphQLError);
      expect([mine?.message, mine?.path]).toEqual([its?.message, its?.path]);
    }
  });

  it('reads plain values as graphql-js, and leaves the rest to its rules: coercions, errors, odd parents, odd keys', async () => {
    // The plan reads an object type's fields through a function made for its selection (#object): a value plainly of
    // its type is answered at once; any other takes graphql-js's way, which these must reach.
    const odd = buildSchema(`
      enum Colour { RED }
      type Leaf { s: String n: Int f: Float b: Boolean c: Colour id: ID m: Int! }
      type Query { leaves: [Leaf] one: Leaf }
    `);
    const rows: unknown[] = [
      { s: 'plain', n: 1, f: 1.5, b: true, c: 'RED', id: 'x' },
      { s: 7, n: '2', f: 3, b: 1, c: 'RED', id: 42 }, // coerced as graphql-js coerces
      'a string where an object belongs', // no object: its properties are read as graphql-js reads them
      { s: null, n: 0, f: null, b: null, c: null, id: null },
    ];
    const query = odd.getQueryType()!.getFields();
    query.leaves!.resolve = () => rows;
    query.one!.resolve = (_r, _a, ctx: { row: unknown }) => ctx.row;
    const ok = await both(odd, `{ leaves { s n f b c id plain: s } }`);
    expect(ok.ours).toEqual(ok.theirs);
    // A key no plain object can hold is graphql-js's to answer (in its prototype-less objects).
    expect(OperationPlan.of(odd, parse(`{ leaves { __proto__: s } }`))).toBeNull();
    for (const row of [
      { m: 1, c: 'BLUE' }, // an enum value the type lacks
      { m: 1, s: new Error('kept in the row') }, // an Error as a value is raised
      { m: null }, // null in a non-null leaf
      { m: 1, n: 2.5 }, // not an Int
      { m: 1, f: Infinity },
    ]) {
      const document = parse(`{ one { s m n f c } }`);
      const ours = await OperationPlan.of(odd, document)!.run({ row }, {});
      const theirs = (await execute({ schema: odd, document, contextValue: { row } })) as ExecutionResult;
      const [mine, its] = [ours.errors?.[0], theirs.errors?.[0]];
      expect(mine, JSON.stringify(row)).toBeInstanceOf(GraphQLError);
      expect([mine?.message, mine?.path]).toEqual([its?.message, its?.path]);
    }
  });

  it('runs a mutation, and answers null for a missing object as graphql-js', async () => {
    const m = await both(schema, `mutation { rename(name: "x") { name count } }`);
    expect(m.ours).toEqual(m.theirs);
    const none = await both(schema, `{ shelf(name: "none") { name } }`);
    expect(none.ours).toEqual(none.theirs);
  });

  it('hands a resolver the same path object for the same position in every run', async () => {
    const seen: GraphQLResolveInfo['path'][] = [];
    const own = library();
    const fields = (
      own.getType('Shelf') as unknown as { getFields(): Record<string, { resolve?: unknown }> }
    ).getFields();
    fields.name!.resolve = (s: { name: string }, _a: unknown, _c: unknown, info: GraphQLResolveInfo) => {
      seen.push(info.path);
      return s.name;
    };
    const plan = OperationPlan.of(own, parse(`{ shelf(name: "a") { name } }`))!;
    await plan.run({}, {});
    await plan.run({}, {});
    expect(seen).toHaveLength(2);
    expect(seen[0]).toBe(seen[1]);
    expect([seen[0]!.key, seen[0]!.typename, seen[0]!.prev?.key, seen[0]!.prev?.prev]).toEqual([
      'name',
      'Shelf',
      'shelf',
      undefined,
    ]);
  });
});

describe('the REST list on a warm instance', () => {
  let t: TestApp;
  let admin: Caller;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.as('administrator');
    const lists = await Promise.all(
      ['News', 'Offers'].map((name) =>
        t.http.post('/wp-json/mailer/v1/lists').set(admin.headers).send({ name }).expect(201),
      ),
    );
    for (let i = 0; i < 12; i++) {
      await t.http
        .post('/wp-json/mailer/v1/subscribers')
        .set(admin.headers)
        .send({ email: `w${i}@example.com`, list_id: lists[i % 2]!.body.id })
        .expect(201);
    }
  });
  afterAll(() => t?.close());

  it('makes no new response path links: every field of every row finds its link from the first request', async () => {
    const list = () => t.http.get('/wp-json/mailer/v1/subscribers?per_page=10').set(admin.headers).expect(200);
    await list();
    const before = linksMade();
    const res = await list();
    expect(res.body).toHaveLength(10);
    expect(res.body[0].list_ids).toHaveLength(1);
    expect(linksMade() - before).toBe(0);
  });
});
