// Data checks: housekeeping that did not happen (expired sessions, failed jobs), database size and content whose
// author is gone.
import type { HealthCheck } from '../../../platform/health.ts';
import { failedJobCounts } from '../../../platform/queue-admin.ts';
import { ago, list, mb } from './util.ts';

/** The daily cleanup prunes expired sessions; ones expired longer than this mean it is not running. */
const SESSION_GRACE_DAYS = 2;
const FAILED_JOBS_DAYS = 7;

export const dataChecks: HealthCheck[] = [
  {
    id: 'expired_sessions',
    category: 'data',
    label: 'Expired sessions pruned',
    async run(platform) {
      const stale = await platform.prisma.session.count({
        where: { expiresAt: { lt: ago(platform, SESSION_GRACE_DAYS) } },
      });
      if (!stale)
        return {
          status: 'ok',
          message: `No cookie session expired more than ${SESSION_GRACE_DAYS} days ago is still stored.`,
        };
      return {
        status: 'warning',
        message: `${stale} cookie session(s) expired more than ${SESSION_GRACE_DAYS} days ago are still stored.`,
        detail: 'The daily platform/cleanup job prunes them; it is not running. Run: atrium jobs run platform/cleanup',
        scoreImpact: 3,
      };
    },
  },
  {
    id: 'jobs_failed',
    category: 'data',
    label: 'Failed jobs',
    async run(platform) {
      const since = ago(platform, FAILED_JOBS_DAYS);
      const [kept, latest] = await Promise.all([
        failedJobCounts(platform),
        platform.prisma.jobRun.findMany({
          orderBy: { startedAt: 'desc' },
          distinct: ['hook'],
          select: { hook: true, status: true, error: true },
        }),
      ]);
      const failing = latest.filter((r) => r.status === 'failed');
      if (kept.length || failing.length) {
        const total = kept.reduce((n, k) => n + k.count, 0);
        return {
          status: 'warning',
          message: [
            total ? `${total} job(s) are kept as failed after their last attempt.` : '',
            failing.length ? `The latest run of ${failing.length} scheduled job(s) failed.` : '',
          ]
            .filter(Boolean)
            .join(' '),
          detail:
            `${list([...kept.map((k) => `${k.task}: ${k.count} failed`), ...failing.map((r) => `${r.hook}: ${r.error ?? 'unknown error'}`)])} ` +
            'See atrium jobs failed; run one again with atrium jobs retry <id>.',
          scoreImpact: 5,
        };
      }
      const failed = await platform.prisma.jobRun.count({ where: { status: 'failed', startedAt: { gte: since } } });
      if (failed)
        return {
          status: 'info',
          message: `${failed} job run(s) failed in the last ${FAILED_JOBS_DAYS} days; each job's latest run succeeded.`,
        };
      return {
        status: 'ok',
        message: `No job is kept as failed; no scheduled run failed in the last ${FAILED_JOBS_DAYS} days.`,
      };
    },
  },
  {
    id: 'database_size',
    category: 'data',
    label: 'Database size',
    async run({ prisma, config }) {
      const [row] = await prisma.$queryRaw<{ bytes: bigint }[]>`SELECT pg_database_size(current_database()) AS bytes`;
      const size = mb(Number(row?.bytes ?? 0));
      const limit = config.intel.dbSizeWarnMb;
      if (size < limit) return { status: 'ok', message: `The database holds ${size} MB (warning at ${limit} MB).` };
      return {
        status: 'warning',
        message: `The database holds ${size} MB (warning at ${limit} MB).`,
        detail: 'Check retention of form entries and job runs, and that backups still fit their window.',
        scoreImpact: 3,
      };
    },
  },
  {
    id: 'orphaned_content',
    category: 'data',
    label: 'Published content without an author',
    async run({ prisma }) {
      const posts = await prisma.post.findMany({
        where: { status: 'publish', authorId: null },
        select: { id: true, title: true },
        orderBy: { id: 'asc' },
      });
      if (!posts.length) return { status: 'ok', message: 'Every published post or page has an author.' };
      return {
        status: 'info',
        message: `${posts.length} published post(s) or page(s) lost their author (the user was deleted).`,
        detail: `Assign an author so bylines and edit rights work: ${list(posts.map((p) => `#${p.id} ${p.title}`))}`,
      };
    },
  },
];
