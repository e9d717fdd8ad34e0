// The HTTP surface: one express app with both faces over one schema, health endpoints, CORS and body limits.
import express, { type NextFunction, type Request, type Response } from 'express';
import type { GraphQLSchema } from 'graphql';
import { graphqlHandler } from '../graphql/yoga.ts';
import type { Platform } from '../platform/platform.ts';
import { restRouter } from '../rest/adapter.ts';
import type { RouteTable } from '../rest/table.ts';
import { sendError } from '../rest/wp-error.ts';
import { bodyError, bodyParsers, uploadLimit } from './body.ts';
import { compress } from './compress.ts';
import { cors } from './cors.ts';
import { metricsFor } from '../platform/metrics.ts';
import type { Module } from '../modules/module.ts';
import { countRequests, metricsEndpoint } from './metrics.ts';
import { adminConsole } from './admin-console.ts';
import { graphiqlAssets } from '../graphql/graphiql.ts';
import { healthz, readyz } from './health.ts';
import { securityHeaders } from './security-headers.ts';
import { restRouteParam } from './rest-route-param.ts';
import { series } from './series.ts';
import { installFront, type ErrorHandler } from './front.ts';
import { siteRoot } from './site-root.ts';
import { requestIdFrom, requestScope, traceFrom, type RequestScope } from '../platform/request-scope.ts';

export interface HttpAppOptions {
  isClosing?: () => boolean;
  /** True while the start finishes after listen (src/server.ts): /readyz answers 503. */
  isStarting?: () => boolean;
}

export function createHttpApp(
  platform: Platform,
  modules: readonly Module[],
  schema: GraphQLSchema,
  table: RouteTable,
  options: HttpAppOptions = {},
) {
  const { config, logger } = platform;
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', config.trustProxy);

  const apiLink = `<${config.publicUrl}/wp-json/>; rel="https://api.w.org/"`;
  /** The request's scope (its id and trace, for every log line written meanwhile), and its log line once answered. */
  const requestStart = (req: Request, res: Response, next: NextFunction) => {
    const scope: RequestScope = {
      requestId: requestIdFrom(req.headers['x-request-id']),
      ...traceFrom(req.headers.traceparent),
    };
    res.setHeader('X-Request-Id', scope.requestId);
    res.setHeader('Link', apiLink);
    res.locals.scope = scope;
    if (logger.isLevelEnabled('info')) {
      const started = performance.now();
      res.on('finish', () => {
        logger.info(
          {
            ...scope,
            method: req.method,
            path: req.originalUrl.split('?')[0],
            status: res.statusCode,
            ms: Math.round(performance.now() - started),
          },
          'request',
        );
      });
    }
    requestScope.run(scope, next);
  };
  // What every request goes through, as one series (src/app/series.ts), run by the front (src/app/front.ts) before
  // the faces or express's router.
  const shared = series(
    requestStart,
    countRequests(metricsFor(platform)),
    securityHeaders(config.publicUrl),
    // Answers of 1 kB and more are compressed (brotli or gzip, as Accept-Encoding asks; Vary set); smaller ones
    // would cost more to compress than they save. Pre-compressed assets (GraphiQL's) carry their encoding.
    compress(1024),
    cors(config, [...platform.apiKeyHeaders, ...modules.flatMap((m) => m.corsHeaders ?? [])]),
    restRouteParam,
  );
  const rest = series(bodyParsers(config.bodyLimit), restRouter(platform, schema, table));
  const graphql = series(
    uploadLimit(config.uploadLimit),
    express.json({ limit: config.bodyLimit }),
    graphqlHandler(platform, schema),
  );
  // The faces stay mounted here too, for the requests the front passes on (`/WP-JSON/…`, absolute-form URLs).
  app.use('/wp-json', rest);
  if (config.graphql.graphiql) app.use(graphiqlAssets()); // under /graphql/assets/
  app.use('/graphql', graphql);

  app.use(adminConsole());
  app.get('/metrics', metricsEndpoint(metricsFor(platform), config.metricsToken));
  app.get('/', siteRoot(platform));
  app.get('/healthz', healthz);
  app.get('/readyz', readyz(platform, options.isClosing ?? (() => false), options.isStarting ?? (() => false)));
  for (const m of modules) {
    if (!m.http) continue;
    const router = express.Router();
    m.http(router, platform);
    app.use(router);
  }

  const notFound = (_req: Request, res: Response) =>
    void res.status(404).json({ code: 'not_found', message: 'Not found.', data: { status: 404 } });
  const onError = (err: Error, req: Request, res: Response, _next: NextFunction) => {
    const known = bodyError(err);
    if (!known) logger.error({ err }, 'unhandled error');
    // As express's final handler: an answer already started cannot be replaced, only cut off.
    if (res.headersSent) return void req.socket.destroy();
    const e = known ?? { code: 'internal_error', message: 'An unexpected error occurred.', status: 500 };
    if (req.originalUrl.startsWith('/graphql')) {
      // Refused before GraphQL ran (a body too large, no length): the WordPress shape both faces answer, with the
      // same error as GraphQL's `errors` for clients that read only those.
      const errors = [{ message: e.message, extensions: { code: e.code, status: e.status } }];
      return void res.status(e.status).json({ code: e.code, message: e.message, data: { status: e.status }, errors });
    }
    sendError(res, e);
  };
  app.use(notFound);
  app.use(onError);
  installFront(app, {
    shared,
    faces: [
      { mount: '/wp-json', handler: rest },
      { mount: '/graphql', exact: true, handler: graphql },
    ],
    notFound,
    onError: onError as ErrorHandler,
  });
  return app;
}
