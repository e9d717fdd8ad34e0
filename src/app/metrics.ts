// GET /metrics (Prometheus text) and the request counting behind it. Off unless METRICS_TOKEN is set, and then only
// with `Authorization: Bearer <token>`. The metrics themselves are the platform's (src/platform/metrics.ts).
import { timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Metrics } from '../platform/metrics.ts';

/** Where the request was routed: the REST route pattern the adapter recorded, /graphql, or the express route. */
const routeOf = (req: Request, res: Response) =>
  (res.locals.routePattern as string | undefined) ?? (req.originalUrl.startsWith('/graphql') ? '/graphql' : (req.route?.path as string | undefined) ?? 'other');

/** Counts each request by its route pattern once it is answered. */
export function countRequests({ requests, duration }: Metrics) {
  return (req: Request, res: Response, next: NextFunction) => {
    const end = duration.startTimer();
    res.on('finish', () => {
      const route = routeOf(req, res);
      end({ method: req.method, route });
      requests.inc({ method: req.method, route, status: String(res.statusCode) });
    });
    next();
  };
}

export function metricsEndpoint({ registry }: Metrics, token: string | undefined) {
  return async (req: Request, res: Response) => {
    const given = Buffer.from(String(req.headers.authorization ?? ''));
    const wanted = Buffer.from(`Bearer ${token}`);
    if (!token || given.length !== wanted.length || !timingSafeEqual(given, wanted)) {
      res.status(token ? 401 : 404).json({ code: token ? 'rest_not_logged_in' : 'rest_no_route', message: token ? 'Metrics need the METRICS_TOKEN bearer token.' : 'Metrics are off (set METRICS_TOKEN).', data: { status: token ? 401 : 404 } });
      return;
    }
    res.setHeader('Content-Type', registry.contentType);
    res.end(await registry.metrics());
  };
}
