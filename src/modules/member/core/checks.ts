// Site-health check of the membership core: memberships whose period has ended but that still grant access because
// the expire sweep has not run (jobs off, or failing).
import type { HealthCheck } from '../../../platform/health.ts';
import { GRANTING_STATUSES } from './service/statuses.ts';

const SWEEP_GRACE_MS = 2 * 3600_000;

export const checks: HealthCheck[] = [
  {
    id: 'member_overdue_memberships',
    category: 'data',
    label: 'Memberships past their end are ended',
    async run(platform) {
      const cutoff = new Date(platform.clock.now().getTime() - SWEEP_GRACE_MS);
      const overdue = await platform.prisma.membership.count({
        where: { status: { in: GRANTING_STATUSES }, currentPeriodEnd: { lt: cutoff } },
      });
      if (!overdue) return { status: 'ok', message: 'No membership is past its end.' };
      return {
        status: 'warning',
        scoreImpact: 10,
        message: `${overdue} membership(s) ended more than two hours ago but still grant access: the hourly job membership/access/expire-sweep has not run.`,
        detail:
          'Check JOBS_ENABLED and `atrium jobs list`; run it now with `atrium jobs run membership/access/expire-sweep`.',
      };
    },
  },
];
