// Site-health checks: campaigns that cannot be sent (no SMTP transport), and sends that stopped making progress
// (the scheduler is not running, or an instance died: see the lease rule in send/leases.ts).
import type { HealthCheck } from '../../platform/health.ts';

export const checks: HealthCheck[] = [
  {
    id: 'mailer_smtp',
    category: 'configuration',
    label: 'Campaigns can be sent',
    async run(platform) {
      if (platform.mail.configured) return { status: 'ok', message: 'An SMTP transport is configured for campaigns.' };
      const pending = await platform.prisma.mailerCampaign.count({
        where: { status: { in: ['scheduled', 'sending', 'paused'] } },
      });
      if (pending) {
        return {
          status: 'critical',
          message: `${pending} campaign(s) are scheduled or sending, but no SMTP transport is configured (SMTP_URL).`,
          detail: 'Every message of these campaigns will fail until SMTP_URL is set.',
          scoreImpact: 20,
        };
      }
      const drafts = await platform.prisma.mailerCampaign.count({ where: { status: 'draft' } });
      if (drafts)
        return {
          status: 'warning',
          message: `${drafts} draft campaign(s) exist, but no SMTP transport is configured (SMTP_URL).`,
          scoreImpact: 5,
        };
      return { status: 'ok', message: 'No campaign waits for a mail transport.' };
    },
  },
  {
    id: 'mailer_stuck_campaigns',
    category: 'performance',
    label: 'Campaign sends make progress',
    async run(platform) {
      const now = platform.clock.now().getTime();
      const cutoff = new Date(now - platform.config.mailer.stuckMinutes * 60_000);
      // A campaign whose only rows left wait for their next attempt (deferred after a refusal for now, up to 30
      // minutes) is waiting, not stuck.
      const stuck = await platform.prisma.mailerCampaign.findMany({
        where: {
          status: 'sending',
          progressAt: { lt: cutoff },
          recipients: {
            some: { OR: [{ status: 'sending' }, { status: 'queued', notBefore: { lte: new Date(now) } }] },
          },
        },
        select: { id: true, name: true },
      });
      const late = await platform.prisma.mailerCampaign.findMany({
        where: { status: 'scheduled', sendAt: { lt: cutoff } },
        select: { id: true, name: true },
      });
      if (!stuck.length && !late.length) return { status: 'ok', message: 'No campaign is stuck.' };
      const names = (rows: { id: number; name: string }[]) => rows.map((c) => `#${c.id} ${c.name}`).join(', ');
      return {
        status: 'warning',
        message: `${stuck.length + late.length} campaign(s) made no progress for ${platform.config.mailer.stuckMinutes} minutes.`,
        detail: [
          ...(stuck.length ? [`Sending without progress: ${names(stuck)}.`] : []),
          ...(late.length ? [`Scheduled but not started: ${names(late)}.`] : []),
          'Check that the job scheduler runs (JOBS_ENABLED, `atrium jobs status`) and that SMTP accepts mail.',
        ].join(' '),
        scoreImpact: 10,
      };
    },
  },
];
