// Site-health checks: notifications that cannot be sent (no SMTP transport), notifications that failed recently,
// and active forms without spam protection.
import type { HealthCheck } from '../../platform/health.ts';
import { settingsOf } from './definition/stored.ts';
import type { Notification } from './definition/types.ts';

export const checks: HealthCheck[] = [
  {
    id: 'forms_mail_transport',
    category: 'configuration',
    label: 'Form notifications can be sent',
    async run(platform) {
      if (platform.mail.configured)
        return { status: 'ok', message: 'An SMTP transport is configured for form notifications.' };
      const forms = await platform.prisma.form.findMany({
        where: { status: 'active' },
        select: { id: true, title: true, notifications: true },
      });
      const notifying = forms.filter((f) => (f.notifications as unknown as Notification[]).some((n) => n.enabled));
      if (!notifying.length) return { status: 'ok', message: 'No active form sends notifications.' };
      return {
        status: 'critical',
        message: `${notifying.length} active form(s) send notifications, but no SMTP transport is configured (SMTP_URL).`,
        detail: notifying.map((f) => `#${f.id} ${f.title}`).join(', '),
        scoreImpact: 15,
      };
    },
  },
  {
    id: 'forms_notification_failures',
    category: 'configuration',
    label: 'Form notifications are delivered',
    async run(platform) {
      const since = new Date(platform.clock.now().getTime() - 7 * 86_400_000);
      const failed = await platform.prisma.formEntry.count({
        where: { notificationStatus: 'failed', createdAt: { gte: since } },
      });
      if (!failed) return { status: 'ok', message: 'No form notification failed in the last 7 days.' };
      const last = await platform.prisma.formEntry.findFirst({
        where: { notificationStatus: 'failed' },
        orderBy: { id: 'desc' },
        select: { id: true, notificationLog: true },
      });
      const errors = ((last?.notificationLog ?? []) as { error?: string | null }[]).map((r) => r.error).filter(Boolean);
      return {
        status: 'warning',
        message: `Notifications of ${failed} form entr${failed === 1 ? 'y' : 'ies'} failed in the last 7 days.`,
        detail: `Latest (entry #${last?.id}): ${errors.join('; ') || 'unknown error'}. Resend with resendFormEntryNotifications.`,
        scoreImpact: 5,
      };
    },
  },
  {
    id: 'forms_spam_protection',
    category: 'security',
    label: 'Public forms are protected against spam',
    async run(platform) {
      const forms = await platform.prisma.form.findMany({
        where: { status: 'active' },
        select: { id: true, title: true, settings: true },
      });
      const open = forms.filter((f) => !settingsOf(f).honeypot && !settingsOf(f).requireLogin);
      if (!open.length && platform.config.forms.submitLimit > 0)
        return {
          status: 'ok',
          message: 'Active forms use a honeypot or need a login, and submissions are rate limited.',
        };
      const detail = [
        ...(open.length ? [`Without honeypot: ${open.map((f) => `#${f.id} ${f.title}`).join(', ')}.`] : []),
        ...(platform.config.forms.submitLimit > 0 ? [] : ['Submission rate limiting is off (FORMS_SUBMIT_LIMIT=0).']),
      ].join(' ');
      return { status: 'warning', message: 'Some public forms are open to spam.', detail, scoreImpact: 5 };
    },
  },
];
