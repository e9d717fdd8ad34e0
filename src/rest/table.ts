// The compiled route table: the REST bindings declared on the schema's root fields,
// every operation parsed once at start-up (validated when its route first runs), each path turned into a matcher.
import { type DocumentNode, type GraphQLSchema, Kind, type OperationDefinitionNode, parse, validate } from 'graphql';
import type { ArgSpec } from '../input/rules.ts';
import { boundRoutes } from './derive.ts';
import { itemLinks, type ItemLinks } from './links.ts';
import { camelCase, snakeCase } from '../input/describe.ts';
import type { HttpMethod, RestRoute, RouteRequest } from './route.ts';

export interface CompiledRoute extends RestRoute {
  /** The methods the route answers: its own, and for an update (PUT or PATCH) the other editable methods, as
   *  WordPress registers EDITABLE = POST, PUT, PATCH (its clients update with POST). */
  methods: HttpMethod[];
  namespace: string;
  document: DocumentNode;
  regex: RegExp;
  params: string[];
  /** Path in core's discovery style: /mailer/v1/subscribers/(?P<id>[\d]+) */
  pattern: string;
  /** Capability (or API scope, or public) each root field of the operation declares, for docs. */
  access: string[];
  buildVariables(args: Record<string, unknown>, req: RouteRequest): Record<string, unknown>;
  /** `_links` its answer's items carry (self, collection), when the table has a GET route for them. */
  links?: ItemLinks;
}

export interface RouteTable {
  routes: CompiledRoute[];
  namespaces: string[];
  /** The route and its decoded path parameters, with every method the path answers (`Allow`); `allow` alone when
   *  the path exists for other methods; `badParam` when a parameter's percent-encoding is broken. */
  match(method: string, path: string): RouteMatch | { allow: HttpMethod[] } | { badParam: string } | null;
}

export interface RouteMatch {
  route: CompiledRoute;
  params: Record<string, string>;
  allow: HttpMethod[];
}

/** A path segment decoded, or null when its percent-encoding is broken (`%ZZ`, a lone `%`, invalid UTF-8). */
function decodePathSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

const paramPattern = (spec: ArgSpec | undefined) => (spec?.type === 'integer' ? '[\\d]+' : '[^/]+');

function accessOf(schema: GraphQLSchema, op: OperationDefinitionNode): string[] {
  const root = op.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType();
  return op.selectionSet.selections.flatMap((sel) => {
    if (sel.kind !== Kind.FIELD) return [];
    const field = root?.getFields()[sel.name.value];
    const directives = (field?.extensions?.directives ?? {}) as Record<string, unknown>;
    const entries = Object.entries(directives).map(([name, args]) => {
      const a = (Array.isArray(args) ? args[0] : args) as Record<string, string> | undefined;
      return name === 'requiresCapability'
        ? `capability:${a?.name}`
        : name === 'requiresApiKey'
          ? `api_key:${a?.scope}`
          : name;
    });
    return entries;
  });
}

/** Throws when a route's operation does not match the schema. Run when the route first runs (execute.ts): validating
 *  every operation at start-up was three quarters of compiling the table. The tests check every installed route
 *  (route-matching.test.ts), so that no broken declaration ships. */
export function assertValidOperation(schema: GraphQLSchema, route: CompiledRoute): void {
  const errors = validate(schema, route.document);
  if (errors.length)
    throw new AggregateError(
      errors,
      `REST route ${route.method} ${route.path}: operation does not match the schema: ${errors[0]!.message}`,
    );
}

function compile(schema: GraphQLSchema, route: RestRoute): CompiledRoute {
  const where = `REST route ${route.method} ${route.path}`;
  const document = parse(route.operation);
  const ops = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  if (ops.length !== 1) throw new Error(`${where}: needs exactly one operation`);
  const op = ops[0]!;

  const params: string[] = [];
  const segments = route.path.split('/').filter(Boolean);
  const regexParts: string[] = [];
  const patternParts: string[] = [];
  for (const seg of segments) {
    if (seg.startsWith(':')) {
      const name = seg.slice(1);
      if (!route.args[name]) throw new Error(`${where}: path parameter ${name} needs an args declaration`);
      params.push(name);
      regexParts.push(`(${paramPattern(route.args[name])})`);
      patternParts.push(`(?P<${name}>${paramPattern(route.args[name])})`);
    } else {
      regexParts.push(seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
      patternParts.push(seg);
    }
  }
  const namespace = segments.slice(0, 2).join('/');

  const varNames = (op.variableDefinitions ?? []).map((v) => v.variable.name.value);
  if (!route.variables) {
    for (const v of varNames) {
      if (v !== 'input' && !(snakeCase(v) in route.args))
        throw new Error(`${where}: variable $${v} has no arg named ${snakeCase(v)}`);
    }
  }
  const buildVariables =
    route.variables ??
    ((args: Record<string, unknown>) => {
      const vars: Record<string, unknown> = {};
      const used = new Set<string>();
      for (const v of varNames) {
        const key = snakeCase(v);
        if (key in args && args[key] !== undefined) {
          vars[v] = args[key];
          used.add(key);
        }
      }
      if (varNames.includes('input') && !('input' in args)) {
        vars.input = Object.fromEntries(
          Object.entries(args)
            .filter(([k, val]) => !used.has(k) && !params.includes(k) && val !== undefined)
            .map(([k, val]) => [camelCase(k), val]),
        );
      }
      return vars;
    });

  return {
    ...route,
    methods: [route.method],
    namespace,
    document,
    regex: new RegExp(`^/${regexParts.join('/')}/?$`),
    params,
    pattern: `/${patternParts.join('/')}`,
    access: accessOf(schema, op),
    buildVariables,
  };
}

const METHOD_ORDER: HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Routes of one path together, in core's method order (GET, POST, PUT, PATCH, DELETE) whatever the order the schema
 *  declared their fields in: discovery, OPTIONS and Allow list them so. */
function byPath(routes: CompiledRoute[]): CompiledRoute[] {
  const first = new Map<string, number>();
  routes.forEach((r, i) => first.has(r.pattern) || first.set(r.pattern, i));
  return [...routes].sort(
    (a, b) =>
      first.get(a.pattern)! - first.get(b.pattern)! || METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method),
  );
}

export function compileRoutes(schema: GraphQLSchema): RouteTable {
  const compiled = byPath(boundRoutes(schema).map((r) => compile(schema, r)));
  const seen = new Set<string>();
  for (const r of compiled) {
    const key = `${r.method} ${r.pattern}`;
    if (seen.has(key)) throw new Error(`REST route ${key} is declared twice`);
    seen.add(key);
  }
  const EDITABLE: HttpMethod[] = ['POST', 'PUT', 'PATCH'];
  for (const r of compiled) {
    if (r.method !== 'PUT' && r.method !== 'PATCH') continue;
    r.methods = EDITABLE.filter((m) => m === r.method || !seen.has(`${m} ${r.pattern}`));
  }
  for (const [route, links] of itemLinks(compiled)) route.links = links;
  const namespaces = [...new Set(compiled.map((r) => r.namespace))];
  const index = pathIndex(compiled);
  return {
    routes: compiled,
    namespaces,
    match(method, path) {
      // A path is tested against the patterns of its own namespace only, each pattern once for all its methods.
      const groups = index.get(namespaceOf(path));
      if (!groups) return null;
      let found: { route: CompiledRoute; m: RegExpExecArray } | undefined;
      let allow: HttpMethod[] = [];
      for (const group of groups) {
        const m = group.regex.exec(path);
        if (!m) continue;
        if (!found) {
          const route = group.byMethod.get(method);
          if (route) found = { route, m };
        }
        allow = allow.length ? [...new Set([...allow, ...group.allow])] : group.allow;
      }
      if (!found) return allow.length ? { allow } : null;
      const { route, m } = found;
      const params: Record<string, string> = {};
      for (let i = 0; i < route.params.length; i++) {
        const decoded = decodePathSegment(m[i + 1]!);
        if (decoded === null) return { badParam: route.params[i]! };
        params[route.params[i]!] = decoded;
      }
      return { route, params, allow };
    },
  };
}

/** The routes of one path pattern: its matcher, its route per method (an update's route under each editable method
 *  it answers), and the methods in core's order for `Allow`. */
interface PathGroup {
  regex: RegExp;
  byMethod: Map<string, CompiledRoute>;
  allow: HttpMethod[];
}

/** `/mailer/v1/subscribers/7` -> `mailer/v1`: the key of the path index. */
const namespaceOf = (path: string) => path.split('/', 3).slice(1).join('/');

/** Path groups by namespace, in the table's order (the first pattern that matches a path wins, as before). */
function pathIndex(routes: CompiledRoute[]): Map<string, PathGroup[]> {
  const index = new Map<string, PathGroup[]>();
  const byPattern = new Map<string, PathGroup>();
  for (const route of routes) {
    let group = byPattern.get(route.pattern);
    if (!group) {
      group = { regex: route.regex, byMethod: new Map(), allow: [] };
      byPattern.set(route.pattern, group);
      index.set(route.namespace, [...(index.get(route.namespace) ?? []), group]);
    }
    for (const m of route.methods) {
      if (!group.byMethod.has(m)) group.byMethod.set(m, route);
      if (!group.allow.includes(m)) group.allow.push(m);
    }
  }
  return index;
}
