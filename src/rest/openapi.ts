// OpenAPI 3.1 document of every REST route, generated from the same table as the discovery index: request schemas
// from the argument declarations, answer schemas from the GraphQL selections, security from each route's access.
import type { GraphQLSchema } from 'graphql';
import { sample } from 'openapi-sampler';
import type { ArgSpec } from '../input/rules.ts';
import type { Platform } from '../platform/platform.ts';
import { responseSchema } from './response-schema.ts';
import type { CompiledRoute, RouteTable } from './table.ts';

function jsonSchema(spec: ArgSpec): Record<string, unknown> {
  const { required: _r, nullable, trim: _t, type, items, properties, enum: values, ...rest } = spec;
  const required = Object.entries(properties ?? {})
    .filter(([, p]) => p.required)
    .map(([k]) => k);
  return {
    ...rest,
    ...(type === 'any' ? {} : { type: nullable ? [type, 'null'] : type }),
    ...(values ? { enum: [...values] } : {}),
    ...(items ? { items: jsonSchema(items) } : {}),
    ...(properties
      ? { properties: Object.fromEntries(Object.entries(properties).map(([k, p]) => [k, jsonSchema(p)])) }
      : {}),
    ...(required.length ? { required } : {}),
  };
}

const ERRORS: Record<number, string> = {
  400: 'Invalid or missing parameters (rest_invalid_param, rest_missing_callback_param), or a malformed body',
  401: 'Not logged in, or an offered credential failed',
  403: 'The caller lacks the capability (rest_forbidden) or a policy refuses',
  404: 'No such resource (<ns>_not_found)',
  409: 'A conflict: a unique value taken, or a move the resource’s state refuses',
  413: 'The body is larger than BODY_LIMIT (rest_payload_too_large)',
  429: 'Too many requests (Retry-After says when to try again)',
};
const errorResponse = (status: number) => ({
  description: ERRORS[status] ?? 'Error',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/WpError' } } },
  ...(status === 429 ? { headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } } } : {}),
});

const pascal = (s: string) => s.replace(/(^|[/_:-])(\w)/g, (_m, _sep, c: string) => c.toUpperCase());
const fallbackId = (route: CompiledRoute) =>
  `${route.method.toLowerCase()}${pascal(route.path.replace(/:(\w+)/g, 'by_$1'))}`;

const BODY_METHODS = ['POST', 'PUT', 'PATCH'];

/** A one-line summary (Redoc and Swagger UI show it as a heading) and the whole text as the description. */
function summaryOf(text: string): { summary: string; description?: string } {
  const clause = text
    .split(/(?:[;.]\s|\s—\s|\n)/)[0]!
    .trim()
    .replace(/\.$/, '');
  const summary = clause.length <= 90 ? clause : `${clause.slice(0, clause.lastIndexOf(' ', 80))}…`;
  return summary === text ? { summary } : { summary, description: /[.!?)]$/.test(text) ? text : `${text}.` };
}

/** An example value from a schema (enums take their first value, formats a typical value), as documentation tools
 *  generate them: every request and answer body shows one. */
const exampleOf = (schema: Record<string, unknown>) => sample(schema as never, { skipReadOnly: false });

/** WordPress' global parameters, as Atrium honours them. */
const GLOBAL_PARAMETERS = {
  fields: {
    name: '_fields',
    in: 'query',
    description: 'Answer only these fields: comma-separated, nested ones with dots (`id,title,author.name`).',
    schema: { type: 'string' },
  },
  envelope: {
    name: '_envelope',
    in: 'query',
    description: 'Answer 200 with `{ body, status, headers }` (for clients that cannot read statuses or headers).',
    allowEmptyValue: true,
    schema: { type: 'string' },
  },
  method: {
    name: '_method',
    in: 'query',
    description: 'On a POST: the method to run instead (PUT, PATCH, DELETE), as the X-HTTP-Method-Override header.',
    schema: { type: 'string', enum: ['PUT', 'PATCH', 'DELETE'] },
  },
};
const globalParameters = (method: string) => [
  ...(method === 'GET' ? [{ $ref: '#/components/parameters/fields' }] : []),
  { $ref: '#/components/parameters/envelope' },
  ...(method === 'POST' ? [{ $ref: '#/components/parameters/method' }] : []),
];

/** Who may call: anonymous callers too (credentials optional), any user credential, or an API key only. */
function securityOf(route: CompiledRoute, apiKeySchemes: string[]) {
  const users = ['applicationPassword', 'bearer', 'cookie', ...apiKeySchemes].map((s) => ({ [s]: [] }));
  if (route.access.includes('public')) return [{}, ...users];
  if (route.access.length && route.access.every((a) => a.startsWith('api_key:')))
    return [{ bearer: [] }, ...apiKeySchemes.map((s) => ({ [s]: [] }))];
  return users;
}

/** The route's operation under `method`: its own, or another editable method an update answers (POST, PATCH). */
function operation(schema: GraphQLSchema, route: CompiledRoute, method: string, apiKeySchemes: string[]) {
  const inBody = BODY_METHODS.includes(route.method);
  const entries = Object.entries(route.args);
  const parameters = entries
    .filter(([name]) => route.params.includes(name) || !inBody)
    .map(([name, spec]) => ({
      name,
      in: route.params.includes(name) ? 'path' : 'query',
      required: route.params.includes(name) || !!spec.required,
      ...(spec.description ? { description: spec.description } : {}),
      schema: jsonSchema(spec),
    }));
  const headers = Object.entries(route.headers ?? {}).map(([name, h]) => ({
    name,
    in: 'header',
    required: !!h.required,
    description: h.description,
    schema: { type: 'string', ...(h.format ? { format: h.format } : {}) },
  }));
  const bodyArgs = entries.filter(([name]) => inBody && !route.params.includes(name));
  const status = String(route.status ?? 200);
  const body = responseSchema(schema, route);
  const errors = new Set<number>([
    ...(entries.length || inBody ? [400] : []),
    401,
    ...(route.access.includes('public') ? [] : [403]),
    ...(route.params.length ? [404] : []),
    ...(inBody ? [413] : []),
    ...(route.errors ?? []),
  ]);
  const requestSchema = {
    type: 'object',
    properties: Object.fromEntries(bodyArgs.map(([n, s]) => [n, jsonSchema(s)])),
    required: bodyArgs.filter(([, s]) => s.required).map(([n]) => n),
  };
  const id = route.operationId ?? fallbackId(route);
  return {
    operationId: method === route.method ? id : `${id}Via${method.charAt(0)}${method.slice(1).toLowerCase()}`,
    ...summaryOf(route.summary),
    tags: [route.namespace],
    'x-required-access': route.access,
    security: securityOf(route, apiKeySchemes),
    parameters: [...parameters, ...headers, ...globalParameters(method)],
    ...(bodyArgs.length
      ? {
          requestBody: {
            required: bodyArgs.some(([, s]) => s.required),
            content: { 'application/json': { schema: requestSchema, example: exampleOf(requestSchema) } },
          },
        }
      : {}),
    responses: {
      [status]: {
        description:
          status === '201'
            ? 'Created'
            : status === '202'
              ? 'Accepted: the work continues in the background'
              : 'Success',
        ...(route.paginated
          ? {
              headers: {
                'X-WP-Total': { $ref: '#/components/headers/Total' },
                'X-WP-TotalPages': { $ref: '#/components/headers/TotalPages' },
                Link: { $ref: '#/components/headers/Link' },
              },
            }
          : {}),
        content: { 'application/json': { schema: body, example: exampleOf(body) } },
      },
      ...Object.fromEntries([...errors].sort().map((s) => [String(s), errorResponse(s)])),
    },
  };
}

export function openApiDocument(platform: Platform, schema: GraphQLSchema, table: RouteTable) {
  const apiKeyHeaders = platform.apiKeyHeaders; // one apiKey scheme per header a module accepts
  const apiKeySchemes = apiKeyHeaders.map((h) =>
    h
      .replace(/^X-/, '')
      .replace(/-(\w)/g, (_m, c: string) => c.toUpperCase())
      .replace(/^\w/, (c) => c.toLowerCase()),
  );
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of table.routes) {
    const key = `/wp-json${route.path.replace(/:(\w+)/g, '{$1}')}`;
    for (const method of route.methods) {
      paths[key] = { ...paths[key], [method.toLowerCase()]: operation(schema, route, method, apiKeySchemes) };
    }
  }
  const rateLimited = table.routes.some((r) => r.errors?.includes(429));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Atrium REST API',
      version: '1.0.0',
      description: 'The /wp-json routes of every Atrium component.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: platform.config.publicUrl }],
    tags: table.namespaces.map((name) => ({
      name,
      description: `The ${table.routes.filter((r) => r.namespace === name).length} routes of ${name}.`,
    })),
    paths,
    components: {
      parameters: GLOBAL_PARAMETERS,
      schemas: {
        WpError: {
          type: 'object',
          required: ['code', 'message', 'data'],
          properties: {
            code: { type: 'string' },
            message: { type: 'string' },
            data: {
              type: 'object',
              required: ['status'],
              properties: {
                status: { type: 'integer' },
                params: { description: 'Per argument: its message (invalid), or the list of missing names.' },
                details: {
                  type: 'object',
                  additionalProperties: {
                    type: 'object',
                    properties: { code: { type: 'string' }, message: { type: 'string' } },
                  },
                },
              },
            },
          },
        },
      },
      headers: {
        Total: { description: 'Items in the whole collection.', schema: { type: 'integer' } },
        TotalPages: { description: 'Pages in the whole collection.', schema: { type: 'integer' } },
        Link: { description: 'rel="prev" and rel="next" page URLs that keep the query.', schema: { type: 'string' } },
        ...(rateLimited
          ? { RetryAfter: { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } } }
          : {}),
      },
      securitySchemes: {
        applicationPassword: { type: 'http', scheme: 'basic', description: 'username + application password' },
        bearer: { type: 'http', scheme: 'bearer', description: 'mobile access token (JWT) or API key (svc_…)' },
        cookie: {
          type: 'apiKey',
          in: 'cookie',
          name: 'atrium_session',
          description: 'session cookie, with the X-Rest-Nonce header',
        },
        ...Object.fromEntries(
          apiKeyHeaders.map((h, i) => [
            apiKeySchemes[i],
            { type: 'apiKey', in: 'header', name: h, description: 'API key (svc_…)' },
          ]),
        ),
      },
    },
  };
}
