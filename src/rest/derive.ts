// REST routes from the REST bindings on the schema's root fields: arguments from the field's declared arguments (an
// `input` object flattened into top-level arguments), the operation from the field and the binding's selection.
import {
  getNamedType,
  GraphQLEnumType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLScalarType,
  type GraphQLField,
  type GraphQLSchema,
} from 'graphql';
import { argsValidatorOf } from '../graphql/declared-args.ts';
import { camelCase, fieldSpec, type InputField } from '../input/describe.ts';
import type { ArgSpec } from '../input/rules.ts';
import type { RestBinding } from './binding.ts';
import type { RestRoute } from './route.ts';

interface RestArg {
  /** GraphQL argument and, for a flattened input object, the input field. */
  arg: string;
  field?: string;
  spec: ArgSpec;
}

/** The REST arguments of a field, by REST name, from its declared arguments (zodArgs). */
function restArgs(field: GraphQLField<unknown, unknown>, where: string): Map<string, RestArg> {
  const out = new Map<string, RestArg>();
  for (const arg of field.args) {
    const declared = arg.extensions?.input as InputField | undefined;
    if (!declared)
      throw new Error(`${where}: ${field.name}(${arg.name}) has no declaration; declare its arguments with zodArgs`);
    if (declared.name === 'input' && declared.node.kind === 'object') {
      for (const f of Object.values(declared.node.fields))
        out.set(f.restName, { arg: arg.name, field: f.name, spec: fieldSpec(f) });
      continue;
    }
    out.set(declared.restName, { arg: arg.name, spec: fieldSpec(declared) });
  }
  return out;
}

const PAGE_ARGS = ['page', 'perPage'];

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** `listMailerSubscribers`, `getMailerSubscriber`, `createMailerSubscriber`: from the field, as clients name calls. */
function operationIdOf(kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>, b: RestBinding): string {
  if (kind === 'mutation') return field.name;
  const type = field.type instanceof GraphQLNonNull ? field.type.ofType : field.type;
  return `${b.paginated || b.everyPage || type instanceof GraphQLList ? 'list' : 'get'}${capital(field.name)}`;
}

function routeOf(
  kind: 'query' | 'mutation',
  field: GraphQLField<unknown, unknown>,
  b: RestBinding,
  nth: number,
): RestRoute {
  const args = restArgs(field, `REST ${b.method} ${b.path}`);
  // A route that answers the whole list sets the page arguments itself.
  const omit = [...(b.omit ?? []), ...(b.everyPage ? PAGE_ARGS : [])];
  for (const [name, a] of args) if (omit.includes(a.arg)) args.delete(name);
  const vars = Object.entries(b.vars ?? {});
  const definitions = [...field.args.map((a) => `$${a.name}: ${a.type}`), ...vars.map(([n, t]) => `$${n}: ${t}`)];
  const call = field.args.length ? `(${field.args.map((a) => `${a.name}: $${a.name}`).join(', ')})` : '';
  // Items before the total: a page read with its total (offsetPage's findPage) has started when the total asks.
  const selection = b.paginated
    ? `{ items { ${b.select} } total page perPage }`
    : b.everyPage
      ? `{ page perPage items { ${b.select} } }`
      : b.select
        ? `{ ${b.select} }`
        : '';
  // A path parameter is always given, even where the field's argument is optional (a filter elsewhere).
  const inPath = b.path
    .split('/')
    .filter((p) => p.startsWith(':'))
    .map((p) => p.slice(1));
  const named = getNamedType(field.type);
  if (!b.select && !(named instanceof GraphQLScalarType || named instanceof GraphQLEnumType)) {
    throw new Error(`REST ${b.method} ${b.path}: ${field.name} answers an object; say what to select`);
  }
  return {
    method: b.method,
    path: b.path,
    summary: b.summary ?? field.description ?? field.name,
    args: {
      ...Object.fromEntries(
        [...args].map(([name, a]) => [name, inPath.includes(name) ? { ...a.spec, required: true } : a.spec]),
      ),
      ...b.args,
    },
    restOnly: Object.keys(b.args ?? {}),
    field: `${kind === 'query' ? 'Query' : 'Mutation'}.${field.name}`,
    validateArgs: argsValidatorOf(field),
    operation: `${kind}${definitions.length ? ` (${definitions.join(', ')})` : ''} { ${field.name}${call} ${selection} }`,
    status: b.status,
    paginated: b.paginated,
    everyPage: b.everyPage,
    // A field bound to several routes: the later ones are named by their path parameters.
    operationId:
      operationIdOf(kind, field, b) + (nth ? `By${inPath.map((p) => capital(camelCase(p))).join('And') || nth}` : ''),
    errors: b.errors,
    headers: b.headers,
    describeResult: b.result?.describe,
    result: (data, restArgsGiven) => (b.result ? b.result(data[field.name], restArgsGiven) : data[field.name]),
    variables:
      b.variables ??
      ((given) => {
        const out: Record<string, unknown> = {};
        for (const [name, a] of args) {
          const value = given[name];
          if (value === undefined) continue;
          if (a.field) out[a.arg] = { ...(out[a.arg] as object), [a.field]: value };
          else out[a.arg] = value;
        }
        // A declared input object is always sent, even when every one of its fields was left out.
        for (const a of args.values()) if (a.field && !(a.arg in out)) out[a.arg] = {};
        return out;
      }),
  };
}

/** Every REST route bound on the schema's root fields. */
export function boundRoutes(schema: GraphQLSchema): RestRoute[] {
  const routes: RestRoute[] = [];
  for (const [kind, type] of [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
  ] as const) {
    for (const field of Object.values(type?.getFields() ?? {})) {
      ((field.extensions?.rest ?? []) as RestBinding[]).forEach((b, nth) => routes.push(routeOf(kind, field, b, nth)));
    }
  }
  return routes;
}
