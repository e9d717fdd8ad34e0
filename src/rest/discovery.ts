// The discovery index at /wp-json/ and /wp-json/<ns>, and OPTIONS descriptions, in core's shape, from the table.
import type { Platform } from '../platform/platform.ts';
import type { ArgSpec } from './args.ts';
import type { CompiledRoute, RouteTable } from './table.ts';

function argSchema(spec: ArgSpec): Record<string, unknown> {
  const { required, nullable, ...rest } = spec;
  const out: Record<string, unknown> = { ...rest, type: nullable ? [spec.type, 'null'] : spec.type };
  if (spec.items) out.items = argSchema(spec.items);
  out.required = required ?? false;
  return out;
}

function endpoint(route: CompiledRoute) {
  return {
    methods: [route.method],
    args: Object.fromEntries(Object.entries(route.args).map(([name, spec]) => [name, argSchema(spec)])),
  };
}

function describeGroup(platform: Platform, routes: CompiledRoute[]) {
  const first = routes[0]!;
  const entry: Record<string, unknown> = {
    namespace: first.namespace,
    methods: [...new Set(routes.map((r) => r.method))],
    endpoints: routes.map(endpoint),
  };
  if (first.params.length === 0) entry._links = { self: [{ href: `${platform.config.publicUrl}/wp-json${first.path}` }] };
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
    endpoints: [{ methods: ['GET'], args: { namespace: { default: ns, required: false }, context: { default: 'view', required: false } } }],
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
      'application-passwords': { endpoints: { authorization: `${platform.config.publicUrl}/graphql` } },
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

/** OPTIONS on a concrete path: the methods and argument schema of every route at that path. */
export function describeRoutes(table: RouteTable, path: string) {
  const routes = table.routes.filter((r) => r.regex.test(path));
  if (!routes.length) return null;
  return { namespace: routes[0]!.namespace, methods: [...new Set(routes.map((r) => r.method))], endpoints: routes.map(endpoint) };
}
