// Configuration checks: the database engine, schema migrations, the job scheduler and logging.
import cron from 'node-cron';
import { pendingMigrations } from '../../../db/migrate.ts';
import type { HealthCheck } from '../../../platform/health.ts';
import { list } from './util.ts';

/** The longest gap between the next few fires of a cron expression (irregular schedules take their worst gap). */
export function cronInterval(schedule: string): number {
  const probe = cron.createTask(schedule, () => {});
  const runs = probe.getNextRuns(8).map((d) => d.getTime());
  void probe.destroy();
  let gap = 0;
  for (let i = 1; i < runs.length; i++) gap = Math.max(gap, runs[i]! - runs[i - 1]!);
  return gap;
}

export const configurationChecks: HealthCheck[] = [
  {
    id: 'embedded_database',
    category: 'configuration',
    label: 'Database engine',
    async run({ db, config }) {
      if (db.kind === 'postgres') return { status: 'ok', message: 'Atrium uses a PostgreSQL server (DATABASE_URL).' };
      const detail =
        'The embedded PostgreSQL runs beside Atrium on this machine, in DATA_DIR: no replication, no point-in-time backups, no failover. Set DATABASE_URL to a managed PostgreSQL server.';
      if (!config.production)
        return {
          status: 'info',
          message: 'Atrium uses the embedded PostgreSQL in DATA_DIR (fine for development and small sites).',
          detail,
        };
      return { status: 'warning', message: 'Production runs on the embedded database.', detail, scoreImpact: 10 };
    },
  },
  {
    id: 'pending_migrations',
    category: 'configuration',
    label: 'Database migrations applied',
    async run({ sql }) {
      const pending = await pendingMigrations(sql);
      if (!pending.length) return { status: 'ok', message: 'Every database migration is applied.' };
      return {
        status: 'critical',
        message: `${pending.length} database migration(s) are not applied; features that need them fail.`,
        detail: `Run: atrium migrate. Pending: ${list(pending)}`,
        scoreImpact: 20,
      };
    },
  },
  {
    id: 'jobs_enabled',
    category: 'configuration',
    label: 'Scheduled jobs enabled',
    async run({ config, jobs }) {
      if (config.jobsEnabled)
        return { status: 'ok', message: `Job schedules run on this instance (${jobs.definitions.length} jobs).` };
      const detail =
        'JOBS_ENABLED=false: cleanup, retries and the daily health scan run only where another instance has them on. See jobs_overdue.';
      if (!config.production) return { status: 'info', message: 'Job schedules are off on this instance.', detail };
      return {
        status: 'warning',
        message: 'Job schedules are off on this production instance.',
        detail,
        scoreImpact: 5,
      };
    },
  },
  {
    id: 'jobs_overdue',
    category: 'configuration',
    label: 'Scheduled jobs run on time',
    async run(platform) {
      const now = platform.clock.now().getTime();
      const defs = platform.jobs.definitions;
      const last = await platform.prisma.jobRun.findMany({
        where: { hook: { in: defs.map((d) => d.hook) } },
        orderBy: { startedAt: 'desc' },
        distinct: ['hook'],
        select: { hook: true, startedAt: true },
      });
      // A job is overdue when it missed two of its periods in a row; one late run is tolerated.
      const overdue = defs.flatMap((d) => {
        const run = last.find((r) => r.hook === d.hook);
        return run && now - run.startedAt.getTime() > 2 * cronInterval(d.schedule)
          ? [`${d.hook} (last run ${run.startedAt.toISOString()})`]
          : [];
      });
      const never = defs.filter((d) => !last.some((r) => r.hook === d.hook)).length;
      if (!overdue.length)
        return {
          status: 'ok',
          message: `No scheduled job missed two periods in a row${never ? ` (${never} have not run yet)` : ''}.`,
        };
      return {
        status: 'warning',
        message: `${overdue.length} scheduled job(s) missed at least two periods.`,
        detail: `Check that an instance runs with JOBS_ENABLED=true, or run one now with atrium jobs run <hook>: ${list(overdue)}`,
        scoreImpact: 5,
      };
    },
  },
  {
    id: 'log_level',
    category: 'configuration',
    label: 'Log level',
    async run({ config }) {
      const verbose = config.logLevel === 'debug' || config.logLevel === 'trace';
      if (!verbose || !config.production) return { status: 'ok', message: `LOG_LEVEL is ${config.logLevel}.` };
      return {
        status: 'warning',
        message: `LOG_LEVEL is ${config.logLevel} in production.`,
        detail: 'Verbose logs grow fast and may carry request details. Use info or warn.',
        scoreImpact: 2,
      };
    },
  },
];
