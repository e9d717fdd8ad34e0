// A GraphQL field's REST binding, declared beside the field: `...rest('POST /mailer/v1/subscribers', { status: 201,
// select: SUBSCRIBER })`. The route's arguments come from the field's declared arguments (an `input` object's fields
// become top-level arguments), its operation is generated from the field and `select`, and its access is the field's.
import type { GraphQLSchema } from 'graphql';
import type { ArgSpec } from '../input/rules.ts';
import { whenBuilt } from '../graphql/schema.ts';
import type { HeaderSpec, HttpMethod, RouteRequest } from './route.ts';

export interface RestOptions {
  /** Discovery and OpenAPI summary (default: the field's description). */
  summary?: string;
  /** The answer's selection on the field's type, with snake_case aliases; for a paginated list, the items' selection. */
  select?: string;
  /** Success status (201 for creates, 202 when work continues in the background). */
  status?: number;
  /** The field answers an offset page: REST answers its items with X-WP-Total, X-WP-TotalPages and Link. */
  paginated?: boolean;
  /** The field answers an offset page, the route the whole list (one the contract gives whole, e.g. "all mailing
   *  lists"): it takes no page arguments and reads the pages one after another (src/rest/pagination.ts). */
  everyPage?: boolean;
  /** Reshapes the field's value into the body (e.g. `deleted` for DELETE routes); a reshaper with `describe` also
   *  reshapes the answer's JSON schema in the OpenAPI document. */
  result?: Reshaper;
  /** Error statuses the route can answer beyond those its shape implies: 409 (a conflict or a refused move), 429. */
  errors?: readonly number[];
  /** Arguments only REST has (e.g. `context`), used by `variables`. */
  args?: Record<string, ArgSpec>;
  /** Extra operation variables for directives in `select` (e.g. { edit: 'Boolean!' }). */
  vars?: Record<string, string>;
  /** Field arguments that are not REST arguments: `variables` supplies them (e.g. from a body whose keys are data). */
  omit?: readonly string[];
  /** Request headers the route reads, by name (e.g. mobile's X-App-Install-Id): documented as header parameters. */
  headers?: Record<string, HeaderSpec>;
  /** Builds the variables itself (default: each argument by name, an input object's fields into `input`). */
  variables?: (args: Record<string, any>, req: RouteRequest) => Record<string, unknown>;
}

export interface RestBinding extends RestOptions {
  method: HttpMethod;
  /** Full path with namespace; parameters as `:name` (each names a declared argument). */
  path: string;
}

type Route = `${HttpMethod} /${string}`;

function binding(route: Route, options: RestOptions = {}): RestBinding {
  const [method, path] = route.split(' ') as [HttpMethod, string];
  return { method, path, ...options };
}

/** The REST routes a field is served at: `...rest('GET /ns/v1/things/:id', { select })`, more as further pairs. */
export function rest(route: Route, options?: RestOptions, ...more: [Route, RestOptions?][]) {
  return { extensions: { rest: [binding(route, options), ...more.map(([r, o]) => binding(r, o))] } };
}

type RootField = `${'Query' | 'Mutation'}.${string}`;

/** Binds REST routes on a root field another schema part declares (`restOn(builder, 'Query.apiKeys', 'GET
 *  /mobile/v1/api-keys', …)`): a module serving a core field under its own namespace, so the routes go with the
 *  module. Call it from the module's schema(builder); the bindings join the field's own when the schema is built. */
export function restOn(
  builder: object,
  coordinate: RootField,
  route: Route,
  options?: RestOptions,
  ...more: [Route, RestOptions?][]
) {
  const bindings = rest(route, options, ...more).extensions.rest;
  // A field that is not there fails start-up.
  whenBuilt(builder, (schema: GraphQLSchema) => {
    const [type, name] = coordinate.split('.') as [string, string];
    const field = (type === 'Query' ? schema.getQueryType() : schema.getMutationType())?.getFields()[name];
    if (!field) throw new Error(`REST ${bindings[0]!.method} ${bindings[0]!.path}: no field ${coordinate} to bind`);
    field.extensions = {
      ...field.extensions,
      rest: [...((field.extensions?.rest as RestBinding[] | undefined) ?? []), ...bindings],
    };
  });
}

export interface Reshaper {
  (value: any, args: Record<string, any>): unknown;
  describe?: (schema: Record<string, unknown>) => Record<string, unknown>;
}

/** Result of a delete route: WordPress core's shape. */
type JsonSchema = Record<string, any>;

/** The answer with one object field's properties lifted beside the others: `hoist('post')` turns
 *  `{ post: { id, … }, forced }` into `{ id, …, forced }` (a write that answers the thing written with facts about it). */
export function hoist(field: string): Reshaper {
  return Object.assign(
    (value: Record<string, unknown>) => {
      const { [field]: inner, ...others } = value;
      return { ...(inner as Record<string, unknown>), ...others };
    },
    {
      describe: (s: JsonSchema): JsonSchema => {
        const { [field]: inner, ...others } = (s.properties ?? {}) as Record<string, JsonSchema>;
        return {
          ...s,
          properties: { ...(inner?.properties ?? {}), ...others },
          required: [...(inner?.required ?? []), ...((s.required ?? []) as string[]).filter((k) => k !== field)],
        };
      },
    },
  );
}

/** The items of an offset page: a route that answers one page of a list its own way (a `limit` of the newest). */
export const pageItems: Reshaper = Object.assign((page: { items: unknown[] }) => page.items, {
  describe: (s: JsonSchema): JsonSchema => (s.properties as Record<string, JsonSchema>).items!,
});

export const deleted: Reshaper = Object.assign((previous: unknown) => ({ deleted: true, previous }), {
  describe: (previous: Record<string, unknown>) => ({
    type: 'object',
    properties: { deleted: { type: 'boolean', const: true }, previous },
    required: ['deleted', 'previous'],
    additionalProperties: false,
  }),
});

/** DELETE of something with a trash (WordPress posts): the trashed item itself, or `{deleted, previous}` with force. */
export const trashedOrDeleted: Reshaper = Object.assign(
  (value: unknown, args: Record<string, any>) => (args.force ? deleted(value, args) : value),
  {
    describe: (item: Record<string, unknown>) => ({ oneOf: [item, deleted.describe!(item)] }),
  },
);
