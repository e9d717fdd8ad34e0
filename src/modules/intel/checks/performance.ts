// Performance checks: database round trip, event-loop delay and memory. Thresholds come from the INTEL_* settings
// in src/platform/config.ts; a measure at or above a threshold reaches its status.
import { performance } from 'node:perf_hooks';
import type { CheckResult, HealthCheck } from '../../../platform/health.ts';
import { readLoopDelay } from './loop-monitor.ts';
import { mb } from './util.ts';

const ROUND_TRIPS = 3;

/** ok / warning / critical by two thresholds. */
function graded(value: number, t: { warn: number; critical: number }, what: string, detail: string): CheckResult {
  if (value >= t.critical)
    return { status: 'critical', message: `${what} (critical at ${t.critical}).`, detail, scoreImpact: 15 };
  if (value >= t.warn) return { status: 'warning', message: `${what} (warning at ${t.warn}).`, detail, scoreImpact: 5 };
  return { status: 'ok', message: `${what}.`, detail };
}

export const performanceChecks: HealthCheck[] = [
  {
    id: 'database_round_trip',
    category: 'performance',
    label: 'Database round-trip time',
    isolated: true,
    async run({ prisma, config }) {
      const times: number[] = [];
      for (let i = 0; i < ROUND_TRIPS; i++) {
        const t0 = performance.now();
        await prisma.$queryRaw`SELECT 1`;
        times.push(performance.now() - t0);
      }
      const median = Math.round(times.sort((a, b) => a - b)[1]! * 10) / 10;
      const { warnMs, criticalMs } = config.intel.dbRtt;
      return graded(
        median,
        { warn: warnMs, critical: criticalMs },
        `Median of ${ROUND_TRIPS} SELECT 1 round trips: ${median} ms`,
        'Every request waits on the database several times; a slow round trip multiplies. Check the network path to the database and its load.',
      );
    },
  },
  {
    id: 'event_loop_delay',
    category: 'performance',
    label: 'Event-loop delay',
    async run({ config }) {
      const d = readLoopDelay();
      const { warnMs, criticalMs } = config.intel.eventLoop;
      return graded(
        d.p99,
        { warn: warnMs, critical: criticalMs },
        `p99 event-loop delay since the last scan: ${d.p99} ms (max ${d.max} ms, ${d.samples} samples)`,
        'While the loop is blocked no request progresses. Look for synchronous work (large JSON, crypto, regexes) in hot paths.',
      );
    },
  },
  {
    id: 'memory_usage',
    category: 'performance',
    label: 'Process memory',
    async run({ config }) {
      const m = process.memoryUsage();
      const { warnMb, criticalMb } = config.intel.memory;
      return graded(
        mb(m.rss),
        { warn: warnMb, critical: criticalMb },
        `Resident memory ${mb(m.rss)} MB`,
        `heap used ${mb(m.heapUsed)} MB of ${mb(m.heapTotal)} MB, external ${mb(m.external)} MB. Steady growth between scans points to a leak.`,
      );
    },
  },
];
