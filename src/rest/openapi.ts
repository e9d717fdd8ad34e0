// OpenAPI 3.1 document of every REST route, generated from the same table as the discovery index.
import type { Platform } from '../platform/platform.ts';
import type { ArgSpec } from './args.ts';
import type { CompiledRoute, RouteTable } from './table.ts';

function jsonSchema(spec: ArgSpec): Record<string, unknown> {
  const { required: _r, nullable, items, enum: values, ...rest } = spec;
  return {
    ...rest,
    type: nullable ? [spec.type, 'null'] : spec.type,
    ...(values ? { enum: [...values] } : {}),
    ...(items ? { items: jsonSchema(items) } : {}),
  };
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/WpError' } } },
});

function operation(route: CompiledRoute) {
  const inBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
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
  const bodyArgs = entries.filter(([name]) => inBody && !route.params.includes(name));
  const status = String(route.status ?? 200);
  return {
    operationId: `${route.method.toLowerCase()}${route.path.replace(/[/:-](\w)/g, (_m, c: string) => c.toUpperCase())}`,
    summary: route.summary,
    tags: [route.namespace],
    'x-required-access': route.access,
    ...(parameters.length ? { parameters } : {}),
    ...(bodyArgs.length
      ? {
          requestBody: {
            required: bodyArgs.some(([, s]) => s.required),
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: Object.fromEntries(bodyArgs.map(([n, s]) => [n, jsonSchema(s)])),
                  required: bodyArgs.filter(([, s]) => s.required).map(([n]) => n),
                },
              },
            },
          },
        }
      : {}),
    responses: {
      [status]: {
        description: 'Success',
        ...(route.paginated
          ? { headers: { 'X-WP-Total': { schema: { type: 'integer' } }, 'X-WP-TotalPages': { schema: { type: 'integer' } } } }
          : {}),
        content: { 'application/json': { schema: route.paginated ? { type: 'array', items: {} } : {} } },
      },
      '400': errorResponse('Invalid or missing parameters'),
      '401': errorResponse('Not logged in, or a credential failed'),
      '403': errorResponse('Missing capability'),
      '404': errorResponse('Not found'),
    },
  };
}

export function openApiDocument(platform: Platform, table: RouteTable) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of table.routes) {
    const key = `/wp-json${route.path.replace(/:(\w+)/g, '{$1}')}`;
    paths[key] = { ...paths[key], [route.method.toLowerCase()]: operation(route) };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Atrium REST API', version: '1.0.0', description: 'The /wp-json routes of every Atrium component.' },
    servers: [{ url: platform.config.publicUrl }],
    tags: table.namespaces.map((name) => ({ name })),
    paths,
    components: {
      schemas: {
        WpError: {
          type: 'object',
          required: ['code', 'message', 'data'],
          properties: {
            code: { type: 'string' },
            message: { type: 'string' },
            data: { type: 'object', properties: { status: { type: 'integer' }, params: {}, details: { type: 'object' } } },
          },
        },
      },
      securitySchemes: {
        applicationPassword: { type: 'http', scheme: 'basic', description: 'username + application password' },
        bearer: { type: 'http', scheme: 'bearer', description: 'mobile access token (JWT) or API key (svc_…)' },
        mailerKey: { type: 'apiKey', in: 'header', name: 'X-Mailer-Key' },
        cookie: { type: 'apiKey', in: 'cookie', name: 'atrium_session', description: 'with X-Rest-Nonce' },
      },
    },
    security: [{}, { applicationPassword: [] }, { bearer: [] }, { mailerKey: [] }, { cookie: [] }],
  };
}
