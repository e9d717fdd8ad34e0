// Prometheus metrics (prom-client), served at GET /metrics by the app (src/app/metrics.ts): requests by route pattern
// (REST: the route's path; GraphQL: /graphql), a latency histogram, errors by code (both faces), SQL statements, the
// database pool, mails by outcome, GraphQL operations by name, jobs by task and outcome with their durations, besides Node's process metrics (memory, event-loop
// lag, GC). Modules add their own gauges to `metricsFor(platform).registry` (the mailer: its queue).
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Platform } from './platform.ts';
import { passwordWork } from './users/passwords.ts';

export interface Metrics {
  registry: Registry;
  /** Requests answered, and the time to answer them, by method and route pattern (the app counts them). */
  requests: Counter<'method' | 'route' | 'status'>;
  duration: Histogram<'method' | 'route'>;
  errors: Counter<'code'>;
  /** GraphQL requests by operation name (the app bounds the names it labels). */
  operations: Histogram<'operation'>;
  /** Jobs this instance ran, by task and outcome (succeeded, retried: the attempt failed, failed: the last one did). */
  jobDuration: Histogram<'task' | 'outcome'>;
}

const metricsByPlatform = new WeakMap<Platform, Metrics>();
/** The platform's metrics, created on first use. */
export const metricsFor = (platform: Platform): Metrics => metricsByPlatform.get(platform) ?? createMetrics(platform);

function createMetrics(platform: Platform): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'atrium_' });
  // prom-client calls these the process' heap; they are the main thread's V8 heap. The mail threads (SMTP_THREADS)
  // hold a campaign's MIME work in heaps of their own that no metric shows: Node 20 cannot read another thread's heap
  // (Worker.getHeapStatistics() came with Node 22.16) and piscina does not report it, so the help says so.
  for (const metric of registry.getMetricsAsArray()) {
    if (!metric.name.startsWith('atrium_nodejs_heap_')) continue;
    const described = metric as unknown as { help: string };
    described.help = `${described.help.replace(/^Process heap/, "The main thread's heap")} The mail threads' heaps (SMTP_THREADS) are not in it.`;
  }
  const requests = new Counter({
    name: 'atrium_http_requests_total',
    help: 'HTTP requests answered',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'atrium_http_request_duration_seconds',
    help: 'Time to answer, by route pattern',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const errors = new Counter({
    name: 'atrium_errors_total',
    help: 'Error answers by code (REST and GraphQL)',
    labelNames: ['code'],
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'atrium_job_duration_seconds',
    help: 'Jobs run by this instance, by task and outcome (succeeded, retried, failed)',
    labelNames: ['task', 'outcome'],
    buckets: [0.005, 0.025, 0.1, 0.5, 2.5, 10, 60, 300],
    registers: [registry],
  });
  new Counter({
    name: 'atrium_db_statements_total',
    help: 'SQL statements sent since start',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(platform.db.statements.count);
    },
  });
  const mails = new Counter({
    name: 'atrium_mail_total',
    help: 'Messages handed to the SMTP transport, by outcome (sent, failed)',
    labelNames: ['outcome'],
    registers: [registry],
  });
  platform.mail.observe((outcome) => mails.inc({ outcome }));
  const operations = new Histogram({
    name: 'atrium_graphql_operation_duration_seconds',
    help: 'GraphQL requests by operation name (the first 200 names seen; later ones count as "other")',
    labelNames: ['operation'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  new Gauge({
    name: 'atrium_db_pool_connections',
    help: 'Database connections of this instance, by state (busy: running a statement)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const { total, idle } = platform.db.pool();
      this.set({ state: 'busy' }, total - idle);
      this.set({ state: 'idle' }, idle);
    },
  });
  new Gauge({
    name: 'atrium_db_pool_waiting',
    help: 'Statements waiting for a free database connection (above 0 for long: the pool is the bottleneck)',
    registers: [registry],
    collect() {
      this.set(platform.db.pool().waiting);
    },
  });
  new Counter({
    name: 'atrium_password_verifications_total',
    help: 'argon2 password verifications (one per password check, whatever the account)',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(passwordWork.verifications);
    },
  });
  const metrics: Metrics = { registry, requests, duration, errors, operations, jobDuration };
  metricsByPlatform.set(platform, metrics);
  return metrics;
}
