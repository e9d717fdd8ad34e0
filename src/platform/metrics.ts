// Prometheus metrics (prom-client) at GET /metrics: off unless METRICS_TOKEN is set, and then only with
// `Authorization: Bearer <token>`. Requests by route pattern (REST: the route's path; GraphQL: /graphql), a latency
// histogram, errors by code (both faces), SQL statements, the database pool, jobs by task and outcome with their
// durations, besides Node's process metrics (memory, event-loop lag, GC). Modules add their own gauges to
// `metricsFor(platform).registry` (the mailer: its queue).
import { timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Platform } from './platform.ts';
import { passwordWork } from './users/passwords.ts';

export interface Metrics {
  registry: Registry;
  errors: Counter<'code'>;
  /** Jobs this instance ran, by task and outcome (succeeded, retried: the attempt failed, failed: the last one did). */
  jobDuration: Histogram<'task' | 'outcome'>;
  middleware(req: Request, res: Response, next: NextFunction): void;
  handler(req: Request, res: Response): Promise<void>;
}

const metricsByPlatform = new WeakMap<Platform, Metrics>();
/** The platform's metrics, created on first use. */
export const metricsFor = (platform: Platform): Metrics => metricsByPlatform.get(platform) ?? createMetrics(platform);

/** Where the request was routed: the REST route pattern the adapter recorded, /graphql, or the express route. */
const routeOf = (req: Request, res: Response) =>
  (res.locals.routePattern as string | undefined) ?? (req.originalUrl.startsWith('/graphql') ? '/graphql' : (req.route?.path as string | undefined) ?? 'other');

function createMetrics(platform: Platform): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'atrium_' });
  const requests = new Counter({ name: 'atrium_http_requests_total', help: 'HTTP requests answered', labelNames: ['method', 'route', 'status'], registers: [registry] });
  const duration = new Histogram({
    name: 'atrium_http_request_duration_seconds', help: 'Time to answer, by route pattern', labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5], registers: [registry],
  });
  const errors = new Counter({ name: 'atrium_errors_total', help: 'Error answers by code (REST and GraphQL)', labelNames: ['code'], registers: [registry] });
  const jobDuration = new Histogram({
    name: 'atrium_job_duration_seconds', help: 'Jobs run by this instance, by task and outcome (succeeded, retried, failed)', labelNames: ['task', 'outcome'],
    buckets: [0.005, 0.025, 0.1, 0.5, 2.5, 10, 60, 300], registers: [registry],
  });
  new Gauge({
    name: 'atrium_db_statements', help: 'SQL statements sent since start', registers: [registry],
    collect() { this.set(platform.db.statements.count); },
  });
  new Gauge({
    name: 'atrium_db_pool_connections', help: 'Database connections of this instance, by state (busy: running a statement)', labelNames: ['state'], registers: [registry],
    collect() {
      const { total, idle } = platform.db.pool();
      this.set({ state: 'busy' }, total - idle);
      this.set({ state: 'idle' }, idle);
    },
  });
  new Gauge({
    name: 'atrium_db_pool_waiting', help: 'Statements waiting for a free database connection (above 0 for long: the pool is the bottleneck)', registers: [registry],
    collect() { this.set(platform.db.pool().waiting); },
  });
  new Gauge({
    name: 'atrium_password_verifications', help: 'argon2 password verifications since start (one per password check, whatever the account)', registers: [registry],
    collect() { this.set(passwordWork.verifications); },
  });
  const token = platform.config.metricsToken;
  const metrics: Metrics = {
    registry,
    errors,
    jobDuration,
    middleware(req, res, next) {
      const end = duration.startTimer();
      res.on('finish', () => {
        const route = routeOf(req, res);
        end({ method: req.method, route });
        requests.inc({ method: req.method, route, status: String(res.statusCode) });
      });
      next();
    },
    async handler(req, res) {
      const given = Buffer.from(String(req.headers.authorization ?? ''));
      const wanted = Buffer.from(`Bearer ${token}`);
      if (!token || given.length !== wanted.length || !timingSafeEqual(given, wanted)) {
        res.status(token ? 401 : 404).json({ code: token ? 'rest_not_logged_in' : 'rest_no_route', message: token ? 'Metrics need the METRICS_TOKEN bearer token.' : 'Metrics are off (set METRICS_TOKEN).', data: { status: token ? 401 : 404 } });
        return;
      }
      res.setHeader('Content-Type', registry.contentType);
      res.end(await registry.metrics());
    },
  };
  metricsByPlatform.set(platform, metrics);
  return metrics;
}
