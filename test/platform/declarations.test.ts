// One declaration per operation: every argument of every root field is declared (zodArgs), and each argument's rule
// broken by a value of the right type gets the same code and message over REST and over GraphQL (the same operation,
// the same variables), each face naming the argument as its callers spell it (`trial_days`, `trialDays`); a field
// only GraphQL serves answers the rule's own code and message. Values the GraphQL type
// system itself refuses (a word for an Int, a value outside an enum) are not comparable and not tried here.
import {
  getNamedType,
  isCompositeType,
  Kind,
  type GraphQLField,
  type GraphQLObjectType,
  type OperationDefinitionNode,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldSpec, type InputField } from '../../src/input/describe.ts';
import { checkArg, type ArgSpec } from '../../src/input/rules.ts';
import type { CompiledRoute } from '../../src/rest/table.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  headers = (await t.apiKey('administrator', ['*'])).headers;
});
afterAll(() => t?.close());

const INT32_MAX = 2_147_483_647;

/** A value that passes the argument's rules. */
function valid(spec: ArgSpec): unknown {
  if (spec.enum) return spec.enum[0];
  switch (spec.type) {
    case 'integer':
    case 'number':
      return Math.max(spec.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: spec.minItems ?? 0 }, () => valid(spec.items ?? { type: 'string' }));
    case 'object':
      return Object.fromEntries(
        Object.entries(spec.properties ?? {})
          .filter(([, p]) => p.required)
          .map(([k, p]) => [k, valid(p)]),
      );
    case 'any':
      return {};
    default:
      if (spec.format === 'email') return 'probe@example.com';
      if (spec.format === 'date-time') return '2026-11-22T00:00:00Z';
      if (spec.format === 'uri') return 'https://example.com/';
      if (spec.format === 'uuid') return '7d1e7a6e-3c0b-4f51-9d7c-0f0f0f0f0f0f';
      return 'x'.repeat(Math.max(spec.minLength ?? 1, 1));
  }
}

/** Values of the right type that break one of the argument's rules. */
function breaking(spec: ArgSpec): unknown[] {
  const out: unknown[] = [];
  if (spec.type === 'string' && !spec.enum) {
    if (spec.maxLength !== undefined && spec.maxLength < 100_000) out.push('x'.repeat(spec.maxLength + 1));
    if (spec.minLength) out.push(spec.trim ? ' '.repeat(spec.minLength) : '');
    if (spec.format === 'email') out.push('not-an-address');
    if (spec.format === 'uri') out.push('not a url');
  }
  if (spec.type === 'integer' || spec.type === 'number') {
    if (spec.minimum !== undefined && spec.minimum > -INT32_MAX) out.push(spec.minimum - 1);
    if (spec.maximum !== undefined && spec.maximum < INT32_MAX) out.push(spec.maximum + 1);
  }
  if (spec.type === 'array' && spec.items) {
    if (spec.maxItems !== undefined && spec.maxItems <= 200)
      out.push(
        Array.from({ length: spec.maxItems + 1 }, (_, i) =>
          spec.items!.type === 'integer' ? i + 1 : valid(spec.items!),
        ),
      );
    if (spec.minItems) out.push([]);
  }
  return out;
}

type Field = GraphQLField<unknown, unknown>;
const rootFields = (): [kind: 'query' | 'mutation', Field][] => [
  ...Object.values(t.atrium.schema.getQueryType()!.getFields()).map((f) => ['query', f] as ['query', Field]),
  ...Object.values(t.atrium.schema.getMutationType()!.getFields()).map((f) => ['mutation', f] as ['mutation', Field]),
];

const fieldOf = (route: CompiledRoute) => {
  const op = route.document.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  )!;
  const root = op.operation === 'mutation' ? t.atrium.schema.getMutationType()! : t.atrium.schema.getQueryType()!;
  const sel = op.selectionSet.selections[0]!;
  return root.getFields()[sel.kind === Kind.FIELD ? sel.name.value : '']!;
};

/** A field's declared arguments (an `input` object's fields flattened, as REST sends them), each with its GraphQL
 *  name, its REST name and how GraphQL takes it. */
function argsOf(field: Field) {
  return field.args.flatMap((arg) => {
    const f = arg.extensions.input as InputField | undefined;
    if (!f) return [];
    if (f.name === 'input' && f.node.kind === 'object') {
      return Object.values(f.node.fields).map((inner) => ({
        name: inner.name,
        restName: inner.restName,
        spec: fieldSpec(inner),
        put: (vars: Record<string, any>, v: unknown) => ({ ...vars, input: { ...vars.input, [inner.name]: v } }),
      }));
    }
    return [
      {
        name: f.name,
        restName: f.restName,
        spec: fieldSpec(f),
        put: (vars: Record<string, any>, v: unknown) => ({ ...vars, [arg.name]: v }),
      },
    ];
  });
}

/** The field alone, as an operation with a variable per argument. */
function operationOf(kind: 'query' | 'mutation', field: Field) {
  const defs = field.args.map((a) => `$${a.name}: ${a.type}`).join(', ');
  const call = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
  return `${kind}${defs ? ` (${defs})` : ''} { ${field.name}${call ? `(${call})` : ''}${isCompositeType(getNamedType(field.type)) ? ' { __typename }' : ''} }`;
}

async function both(route: CompiledRoute, args: Record<string, unknown>) {
  const path = `/wp-json${route.path.replace(/:(\w+)/g, (_m, p: string) => encodeURIComponent(String(args[p])))}`;
  const rest = { ...args };
  for (const p of route.params) delete rest[p];
  const http = t.http as any;
  const req = http[route.method.toLowerCase()](
    route.method === 'GET' || route.method === 'DELETE'
      ? `${path}?${new URLSearchParams(Object.entries(rest).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [`${k}[]`, String(x)]) : [[k, String(v)]]))).toString()}`
      : path,
  ).set(headers);
  const restRes = route.method === 'GET' || route.method === 'DELETE' ? await req : await req.send(rest);
  const gql = await t.http
    .post('/graphql')
    .set(headers)
    .send({ query: route.operation, variables: route.buildVariables(args, { header: () => undefined, body: {} }) });
  return { rest: restRes, gql: gql.body.errors?.[0]?.extensions };
}

/** A GraphQL call; a field taking a file gets one, as a multipart request (the only way GraphQL takes files). */
function gqlCall(field: Field, body: { query: string; variables: Record<string, unknown> }) {
  const files = field.args.filter((a) => getNamedType(a.type).name === 'File').map((a) => a.name);
  if (!files.length) return t.http.post('/graphql').set(headers).send(body);
  const req = t.http
    .post('/graphql')
    .set(headers)
    .field(
      'operations',
      JSON.stringify({ ...body, variables: { ...body.variables, ...Object.fromEntries(files.map((f) => [f, null])) } }),
    )
    .field('map', JSON.stringify(Object.fromEntries(files.map((f, i) => [i, [`variables.${f}`]]))));
  files.forEach((_f, i) => req.attach(String(i), Buffer.from('probe\n'), 'probe.csv'));
  return req;
}

describe('the same bad input gets the same code and message on both faces', () => {
  it("every argument of every root field is declared (a Relay connection's cursor arguments are Pothos')", () => {
    const cursors = (f: Field, name: string) =>
      'pageInfo' in ((getNamedType(f.type) as GraphQLObjectType).getFields?.() ?? {}) &&
      ['first', 'last', 'before', 'after'].includes(name);
    const undeclared = rootFields().flatMap(([, f]) =>
      f.args.filter((a) => !a.extensions?.input && !cursors(f, a.name)).map((a) => `${f.name}(${a.name})`),
    );
    expect(undeclared).toEqual([]);
  });

  it('every declared argument of every bound route', async () => {
    const routes = t.atrium.table.routes.filter((route) => fieldOf(route).args.length > 0);
    expect(routes.length).toBeGreaterThan(10);
    let compared = 0;
    for (const route of routes) {
      const base = Object.fromEntries(
        Object.entries(route.args)
          .filter(([, s]) => s.required)
          .map(([k, s]) => [k, valid(s)]),
      );
      for (const [name, spec] of Object.entries(route.args)) {
        // An argument only REST has (the snapshots' limit) has no GraphQL counterpart to compare with; its own test
        // covers it (test/modules/intel/snapshots.test.ts).
        if (route.restOnly?.includes(name)) continue;
        for (const bad of breaking(spec)) {
          const { rest, gql } = await both(route, { ...base, [name]: bad });
          const where = `${route.method} ${route.path} ${name}=${JSON.stringify(bad).slice(0, 40)}`;
          expect(rest.status, `${where}: ${JSON.stringify(rest.body)}`).toBe(400);
          expect(gql, where).toMatchObject({ code: rest.body.code, status: 400 });
          // The same messages, each naming the argument as GraphQL does.
          const graphqlName = Object.fromEntries(argsOf(fieldOf(route)).map((a) => [a.restName, a.name]));
          const renamed = (k: string) => k.replace(/^[^[]+/, (top) => graphqlName[top] ?? top);
          const expected = Object.fromEntries(
            Object.entries(rest.body.data.params as Record<string, string>).map(([k, m]) => [
              renamed(k),
              m.split(k).join(renamed(k)),
            ]),
          );
          expect((gql as any).data?.params, where).toEqual(expected);
          compared++;
          if (process.env.SHOW)
            console.log(where, JSON.stringify(rest.body.data.params), JSON.stringify((gql as any).data?.params));
        }
      }
    }
    expect(compared).toBeGreaterThan(20);
  });

  it('every declared argument of every field only GraphQL serves', async () => {
    const bound = new Set(t.atrium.table.routes.map((route) => fieldOf(route)));
    const fields = rootFields().filter(([, f]) => f.args.length > 0 && !bound.has(f));
    expect(fields.map(([, f]) => f.name)).toEqual(
      expect.arrayContaining(['createUser', 'updateUser', 'createPost', 'createApplicationPassword', 'users', 'posts']),
    );
    let compared = 0;
    for (const [kind, field] of fields) {
      const args = argsOf(field);
      // An input object is sent even when none of its fields is required (as REST sends it).
      const objects = Object.fromEntries(
        field.args
          .filter((a) => (a.extensions.input as InputField | undefined)?.node.kind === 'object')
          .map((a) => [a.name, {}]),
      );
      const base = args
        .filter((a) => a.spec.required)
        .reduce<Record<string, any>>((vars, a) => a.put(vars, valid(a.spec)), objects);
      for (const { name, spec, put } of args) {
        for (const bad of breaking(spec)) {
          const res = await gqlCall(field, { query: operationOf(kind, field), variables: put(base, bad) });
          const where = `${field.name} ${name}=${JSON.stringify(bad).slice(0, 40)}`;
          const expected = checkArg(name, spec, bad)!;
          const got = res.body.errors?.[0]?.extensions;
          expect(got, where).toMatchObject({ code: 'rest_invalid_param', status: 400 });
          expect([got.data.params[name], got.data.details[name].code], where).toEqual([
            expected.message,
            expected.code,
          ]);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(20);
  });
});
