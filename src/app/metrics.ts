// GET /metrics (Prometheus text) and the request counting behind it. Off unless METRICS_TOKEN is set, and then only
// with `Authorization: Bearer <token>`. The metrics themselves are the platform's (src/platform/metrics.ts).
import { timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Metrics } from '../platform/metrics.ts';
import type { RequestScope } from '../platform/request-scope.ts';

/** Where the request was routed: the REST route pattern the adapter recorded, /graphql, or the express route. */
const routeOf = (req: Request, res: Response) =>
  (res.locals.routePattern as string | undefined) ??
  (req.originalUrl.startsWith('/graphql') ? '/graphql' : ((req.route?.path as string | undefined) ?? 'other'));

/** Client-chosen names as label values, bounded: a name (letters, digits, spaces, _) is kept while fewer than `limit`
 *  distinct ones were seen, so a client sending random names cannot grow the series without end. */
function boundedLabel(limit: number) {
  const seen = new Set<string>();
  return (name: string) => {
    if (seen.has(name)) return name;
    if (seen.size >= limit || !/^[A-Za-z_][\w ]{0,63}$/.test(name)) return 'other';
    seen.add(name);
    return name;
  };
}

/** Counts each request by its route pattern once it is answered, and GraphQL ones by operation name. */
export function countRequests({ requests, duration, operations }: Metrics) {
  const operationLabel = boundedLabel(200);
  return (req: Request, res: Response, next: NextFunction) => {
    // One clock read and one listener; prom-client's startTimer would add two closures and a copy of the labels.
    const started = performance.now();
    res.on('finish', () => {
      const route = routeOf(req, res);
      const seconds = (performance.now() - started) / 1000;
      duration.observe({ method: req.method, route }, seconds);
      requests.inc({ method: req.method, route, status: String(res.statusCode) });
      const operation = (res.locals.scope as RequestScope | undefined)?.operation;
      if (route === '/graphql' && operation) operations.observe({ operation: operationLabel(operation) }, seconds);
    });
    next();
  };
}

export function metricsEndpoint({ registry }: Metrics, token: string | undefined) {
  return async (req: Request, res: Response) => {
    const given = Buffer.from(String(req.headers.authorization ?? ''));
    const wanted = Buffer.from(`Bearer ${token}`);
    if (!token || given.length !== wanted.length || !timingSafeEqual(given, wanted)) {
      res.status(token ? 401 : 404).json({
        code: token ? 'rest_not_logged_in' : 'rest_no_route',
        message: token ? 'Metrics need the METRICS_TOKEN bearer token.' : 'Metrics are off (set METRICS_TOKEN).',
        data: { status: token ? 401 : 404 },
      });
      return;
    }
    res.setHeader('Content-Type', registry.contentType);
    res.end(await registry.metrics());
  };
}
