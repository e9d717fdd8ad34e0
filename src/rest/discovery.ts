// The discovery index at /wp-json/ and /wp-json/<ns>, and OPTIONS descriptions, in core's shape, from the table.
import type { GraphQLSchema } from 'graphql';
import type { Platform } from '../platform/platform.ts';
import { responseSchema } from './response-schema.ts';
import { AUTHORIZE_PATH } from '../platform/auth/app-passwords.ts';
import type { ArgSpec } from '../input/rules.ts';
import type { CompiledRoute, RouteTable } from './table.ts';

function argSchema(spec: ArgSpec): Record<string, unknown> {
  const { required, nullable, trim: _trim, type, items, properties, ...rest } = spec;
  const out: Record<string, unknown> = { ...rest };
  // `any` is every JSON type, which core's schema says by leaving the type out.
  if (type !== 'any') out.type = nullable ? [type, 'null'] : type;
  if (items) out.items = argSchema(items);
  if (properties) out.properties = Object.fromEntries(Object.entries(properties).map(([k, p]) => [k, argSchema(p)]));
  out.required = required ?? false;
  return out;
}

/** Who may call, as membership.md asks every endpoint to say: a capability, an API-key scope, any login, or public. */
export function requiredAccess(route: CompiledRoute): Record<string, unknown> {
  const [rule] = route.access;
  if (!rule || rule === 'public') return { public: true };
  if (rule === 'capability:read') return { login: true };
  if (rule.startsWith('api_key:')) return { api_key: rule.slice('api_key:'.length) };
  return { capability: rule.slice('capability:'.length) };
}

function endpoint(route: CompiledRoute) {
  return {
    methods: route.methods,
    required_access: requiredAccess(route),
    args: Object.fromEntries(Object.entries(route.args).map(([name, spec]) => [name, argSchema(spec)])),
  };
}

function describeGroup(platform: Platform, routes: CompiledRoute[]) {
  const first = routes[0]!;
  const entry: Record<string, unknown> = {
    namespace: first.namespace,
    methods: [...new Set(routes.flatMap((r) => r.methods))],
    endpoints: routes.map(endpoint),
  };
  if (first.params.length === 0)
    entry._links = { self: [{ href: `${platform.config.publicUrl}/wp-json${first.path}` }] };
  return entry;
}

function groupByPattern(routes: CompiledRoute[]): Map<string, CompiledRoute[]> {
  const groups = new Map<string, CompiledRoute[]>();
  for (const r of routes) groups.set(r.pattern, [...(groups.get(r.pattern) ?? []), r]);
  return groups;
}

function namespaceEntry(platform: Platform, ns: string) {
  return {
    namespace: ns,
    methods: ['GET'],
    endpoints: [
      {
        methods: ['GET'],
        args: { namespace: { default: ns, required: false }, context: { default: 'view', required: false } },
      },
    ],
    _links: { self: [{ href: `${platform.config.publicUrl}/wp-json/${ns}` }] },
  };
}

export function discoveryIndex(platform: Platform, table: RouteTable) {
  const routes: Record<string, unknown> = {};
  for (const ns of table.namespaces) {
    routes[`/${ns}`] = namespaceEntry(platform, ns);
    for (const [pattern, group] of groupByPattern(table.routes.filter((r) => r.namespace === ns))) {
      routes[pattern] = describeGroup(platform, group);
    }
  }
  return {
    name: 'Atrium',
    description: 'API gateway for the content platform’s business components',
    url: platform.config.publicUrl,
    home: platform.config.publicUrl,
    gmt_offset: 0,
    timezone_string: 'UTC',
    namespaces: table.namespaces,
    authentication: {
      'application-passwords': { endpoints: { authorization: `${platform.config.publicUrl}${AUTHORIZE_PATH}` } },
    },
    routes,
    _links: { help: [{ href: `${platform.config.publicUrl}/wp-json/openapi.json` }] },
  };
}

export function namespaceIndex(platform: Platform, table: RouteTable, ns: string) {
  const routes: Record<string, unknown> = { [`/${ns}`]: namespaceEntry(platform, ns) };
  for (const [pattern, group] of groupByPattern(table.routes.filter((r) => r.namespace === ns))) {
    routes[pattern] = describeGroup(platform, group);
  }
  return { namespace: ns, routes, _links: { up: [{ href: `${platform.config.publicUrl}/wp-json/` }] } };
}

/** OPTIONS on a concrete path: the methods and argument schema of every route at that path, and (as core's
 *  `schema`) the JSON schema of what the path's GET answers — of one item for a collection. */
export function describeRoutes(schema: GraphQLSchema, table: RouteTable, path: string) {
  const routes = table.routes.filter((r) => r.regex.test(path));
  if (!routes.length) return null;
  const read = routes.find((r) => r.method === 'GET');
  const answer = read ? responseSchema(schema, read) : null;
  const item = answer?.type === 'array' ? (answer.items as Record<string, unknown>) : answer;
  return {
    namespace: routes[0]!.namespace,
    methods: [...new Set(routes.flatMap((r) => r.methods))],
    endpoints: routes.map(endpoint),
    ...(item
      ? {
          schema: {
            $schema: 'http://json-schema.org/draft-04/schema#',
            title: read!.operationId ?? read!.path,
            ...item,
          },
        }
      : {}),
  };
}
