// The REST face: matches /wp-json routes from the table, validates arguments from their declarations, authenticates,
// runs the route's pre-parsed GraphQL operation in-process against the same schema, and answers in core's shapes.
import type { Request, Response } from 'express';
import type { GraphQLSchema } from 'graphql';
import { createContext } from '../graphql/context.ts';
import { describeError } from '../graphql/errors.ts';
import { authRequestOf, requestInfoOf, responseEffectsOf } from '../graphql/request.ts';
import { authenticate } from '../platform/auth/authenticate.ts';
import { AppError } from '../platform/errors.ts';
import type { Platform } from '../platform/platform.ts';
import { ANONYMOUS } from '../platform/principal.ts';
import { findInputProblem, type InputProblem } from '../input/policy.ts';
import { coerceArg, convertArg } from '../input/rules.ts';
import { validationError, type Issue } from '../platform/validation.ts';
import { describeRoutes, discoveryIndex, namespaceIndex } from './discovery.ts';
import { RouteExecutors } from './execute.ts';
import { pickFields } from './fields.ts';
import { withLinks } from './links.ts';
import { openApiDocument } from './openapi.ts';
import { EVERY_PAGE_SIZE, everyItem, isPageResult, totalPages, writePaginationHeaders } from './pagination.ts';
import type { CompiledRoute, RouteTable } from './table.ts';
import { noRoute, sendError } from './wp-error.ts';
import { metricsFor } from '../platform/metrics.ts';
import { noteRequest } from '../platform/request-scope.ts';

type Args = Record<string, unknown>;

/** A route's arguments by REST name from path, body and query, in their declared types (query strings carry text),
 *  with defaults for those not given. Only REST-only arguments are checked here, by their specs: the field's own are
 *  validated by its declaration (the route's validateArgs), once. */
export function collectArgs(route: CompiledRoute, sources: Args[]): { args: Args; issues: Issue[] } {
  const args: Args = {};
  const issues: Issue[] = [];
  for (const [name, spec] of Object.entries(route.args)) {
    const raw = sources.find((s) => s[name] !== undefined)?.[name];
    if (!route.restOnly?.includes(name)) {
      if (raw !== undefined) args[name] = convertArg(spec, raw);
      else if (spec.default !== undefined) args[name] = spec.default;
      continue;
    }
    if (raw === undefined || (raw === null && spec.required)) {
      if (spec.required)
        issues.push({ name, code: 'rest_missing_callback_param', message: `${name} is a required parameter.` });
      else if (spec.default !== undefined) args[name] = spec.default;
      continue;
    }
    const r = coerceArg(name, spec, raw);
    if ('issue' in r) issues.push({ name, ...r.issue });
    else args[name] = r.value;
  }
  return { args, issues };
}

// What `_envelope` carries of the answer's headers (as core's rest_envelope_response): totals, paging, methods, nonce.
// Core sets the totals as integers, so its envelope carries them as JSON numbers.
const ENVELOPED = ['X-WP-Total', 'X-WP-TotalPages', 'Link', 'Allow', 'X-Rest-Nonce', 'Retry-After'];
const NUMERIC = new Set(['X-WP-Total', 'X-WP-TotalPages', 'Retry-After']);
function envelopeHeaders(res: Response): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const name of ENVELOPED) {
    const value = res.getHeader(name);
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(', ') : String(value);
    if (NUMERIC.has(name) && /^\d+$/.test(text)) {
      out[name] = Number(text);
      continue;
    }
    // The API discovery link is on every answer; the envelope keeps the paging links it was asked for.
    const kept =
      name === 'Link'
        ? text
            .split(/,\s*(?=<)/)
            .filter((l) => !l.includes('rel="https://api.w.org/"'))
            .join(', ')
        : text;
    if (kept) out[name] = kept;
  }
  return out;
}

/** A route's answer, written straight to node's response: JSON with its length, headers and body in one write
 *  (express' res.send turns a long string into a Buffer, which node writes apart from the headers). */
function sendJson(res: Response, status: number, payload: unknown) {
  const body = JSON.stringify(payload) ?? '';
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}

const INDEX = /^\/?$/;
const OPENAPI = /^\/openapi\.json\/?$/i;

const isObject = (v: unknown): v is Args => !!v && typeof v === 'object' && !Array.isArray(v);

function invalidParam(name: string, message: string) {
  const e = new AppError('rest_invalid_param', `Invalid parameter(s): ${name}`, {
    data: { params: { [name]: message }, details: { [name]: { code: 'rest_invalid_param', message, data: null } } },
  });
  return { code: e.code, message: e.message, status: e.status, data: e.data };
}

function inputProblemError(problem: InputProblem) {
  if (problem.kind === 'depth')
    return { code: 'rest_invalid_json', message: `The request ${problem.message}`, status: 400 };
  const name = problem.key || 'body';
  return invalidParam(name, `${problem.path || name} ${problem.message}`);
}

/** Query parameters as plain values; `name[]=a&name[]=b` is the array `name`. */
function queryArgs(query: Request['query']): Args {
  const out: Args = {};
  for (const [key, value] of Object.entries(query)) out[key.endsWith('[]') ? key.slice(0, -2) : key] = value;
  return out;
}

/** The REST face's handler under /wp-json: the discovery index, the OpenAPI document and every route of the table,
 *  dispatched here (an express router's layers would each match the path again). */
export function restRouter(platform: Platform, schema: GraphQLSchema, table: RouteTable) {
  const base = `${platform.config.publicUrl}/wp-json`;
  const executors = new RouteExecutors(schema);
  const namespaces = new Map(table.namespaces.map((n) => [`/${n}`, n]));

  // The table is fixed at start-up, so the indexes and the OpenAPI document (~22 KB and ~67 KB of JSON) are built
  // and encoded once (as bytes: encoding 22 KB of text per request was a fifth of the index's cost).
  const cached = new Map<string, Buffer>();
  const sendStatic = (res: Response, key: string, build: () => unknown) => {
    let body = cached.get(key);
    if (body === undefined) cached.set(key, (body = Buffer.from(JSON.stringify(build()))));
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Length', body.length);
    res.end(body);
  };
  return async (req: Request, res: Response) => {
    const path = req.path.replace(/\/+$/, '') || '/';
    if (req.method === 'GET' || req.method === 'HEAD') {
      // As express' routes matched them: case-insensitive, one trailing slash allowed.
      if (INDEX.test(req.path)) return sendStatic(res, '/', () => discoveryIndex(platform, table));
      if (OPENAPI.test(req.path))
        return sendStatic(res, '/openapi.json', () => openApiDocument(platform, schema, table));
    }
    // One input policy for every route, before anything reads the input (as a malformed body is refused before auth).
    // Express 5 parses the query string again on every read of req.query: read once.
    const query = req.query ?? {};
    const problem = findInputProblem({ ...query, ...(isObject(req.body) ? req.body : { body: req.body }) });
    if (problem) return sendError(res, inputProblemError(problem));
    // No link of this API is embeddable (as core's self and collection links are not): say so instead of ignoring it.
    if (query._embed !== undefined) {
      return sendError(
        res,
        invalidParam('_embed', '_embed is not supported: no link of this API is embeddable; follow _links instead.'),
      );
    }
    const queryMethod = query._method;
    if (queryMethod !== undefined && typeof queryMethod !== 'string') {
      return sendError(res, invalidParam('_method', '_method must be given once, as a string.'));
    }
    const override = req.method === 'POST' ? (req.header('x-http-method-override') ?? queryMethod) : undefined;
    const method = (override ?? req.method).toUpperCase();

    const ns = namespaces.get(path);
    if (ns && (method === 'GET' || method === 'HEAD'))
      return sendStatic(res, ns, () => namespaceIndex(platform, table, ns));
    if (ns && method === 'OPTIONS') {
      res.setHeader('Allow', 'GET, HEAD');
      return void res.json({ namespace: ns, methods: ['GET'], endpoints: [{ methods: ['GET'], args: {} }] });
    }

    if (method === 'OPTIONS') {
      const description = describeRoutes(schema, table, path);
      if (!description) return sendError(res, noRoute);
      res.setHeader('Allow', description.methods.join(', '));
      return void res.json(description);
    }

    const match = table.match(method === 'HEAD' ? 'GET' : method, path);
    if (!match) return sendError(res, noRoute);
    if ('badParam' in match)
      return sendError(res, invalidParam(match.badParam, `${match.badParam} is not validly percent-encoded.`));
    if (!('route' in match)) {
      res.setHeader('Allow', match.allow.join(', '));
      return sendError(res, noRoute);
    }
    const { route, params } = match;
    // Path parameters are input too (`/certificates/verify/%00`): the same policy as the query and the body.
    const paramProblem = findInputProblem(params);
    if (paramProblem) return sendError(res, inputProblemError(paramProblem));
    res.locals.routePattern = route.path;
    noteRequest({ operation: route.operationId });
    res.setHeader('Allow', match.allow.join(', '));

    try {
      const authenticated = authenticate(platform, authRequestOf(req, query));
      // Awaited only when it is a promise: an await of a plain value costs a promise and a turn of its own.
      const auth = authenticated instanceof Promise ? await authenticated : authenticated;
      if (auth.session?.nonceStatus === 'invalid')
        throw new AppError('rest_cookie_invalid_nonce', 'Cookie check failed');
      // As core: a cookie without a nonce does not authenticate a REST request.
      const effective = auth.session?.nonceStatus === 'missing' ? { principal: ANONYMOUS, session: null } : auth;
      const body = isObject(req.body) ? req.body : {};
      const { args, issues } = collectArgs(route, [params, body, queryArgs(query)]);
      const variables = route.buildVariables(args, { header: (n) => req.header(n), body });
      if (route.everyPage) Object.assign(variables, { page: 1, perPage: EVERY_PAGE_SIZE });
      const checked = route.validateArgs?.(variables);
      if (checked && !checked.ok) issues.push(...checked.issues);
      if (issues.length) throw validationError(issues);

      const ctx = createContext(platform, effective, requestInfoOf(req), responseEffectsOf(res));
      if (checked?.ok) ctx.validatedArgs = { field: route.field!, args: checked.value };
      const result = await executors.run(route, ctx, variables);
      if (effective.session) res.setHeader('X-Rest-Nonce', effective.session.nonce);
      if (result.errors?.length) throw result.errors[0];

      const data = result.data as Record<string, unknown>;
      let payload = route.result ? route.result(data, args) : Object.values(data)[0];
      if (route.everyPage) {
        payload = await everyItem(payload, async (page) => {
          if (checked?.ok) ctx.validatedArgs = { field: route.field!, args: { ...checked.value, page } };
          const next = await executors.run(route, ctx, { ...variables, page });
          if (next.errors?.length) throw next.errors[0];
          return Object.values(next.data as Record<string, unknown>)[0];
        });
      }
      if (route.paginated) {
        if (!isPageResult(payload))
          throw new Error(`${route.method} ${route.path}: paginated result lacks items/total/page/perPage`);
        if (payload.page > Math.max(1, totalPages(payload))) {
          throw new AppError(
            'rest_post_invalid_page_number',
            'The page number requested is larger than the number of pages available.',
          );
        }
        writePaginationHeaders(res, payload, () => new URL(`${base}${req.originalUrl.replace(/^\/wp-json/, '')}`));
        payload = payload.items;
      }
      if (route.links) payload = withLinks(payload, route.links, base);
      const fields =
        typeof query._fields === 'string'
          ? query._fields
              .split(',')
              .map((f) => f.trim())
              .filter(Boolean)
          : null;
      if (fields?.length) payload = pickFields(payload, fields);
      const status = (res.locals.restStatus as number | undefined) ?? route.status ?? 200;
      if ('_envelope' in query) return sendJson(res, 200, { body: payload, status, headers: envelopeHeaders(res) });
      sendJson(res, status, payload);
    } catch (err) {
      const d = describeError(err, platform.logger);
      metricsFor(platform).errors.inc({ code: d.code });
      if ('_envelope' in query) {
        return void res.json({
          body: { code: d.code, message: d.message, data: { status: d.status, ...d.data } },
          status: d.status,
          headers: d.headers,
        });
      }
      sendError(res, d);
    }
  };
}
