// Campaign statistics (one aggregate query over the recipient rows) and the dashboard.
// Rates are fractions of delivered messages (0..1, four decimals, as Mailchimp's open_rate): unique opens / sent and
// unique clicks / sent; 0 when nothing was sent.
import type { Platform } from '../../../platform/platform.ts';
import { SUBSCRIBER_STATUSES } from './subscribers.ts';

export interface CampaignStats {
  recipients: number;
  queued: number;
  deferred: number;
  sent: number;
  failed: number;
  opens: number;
  uniqueOpens: number;
  clicks: number;
  uniqueClicks: number;
  unsubscribes: number;
  openRate: number;
  clickRate: number;
}

const rate = (n: number, d: number) => (d ? Math.round((n / d) * 10_000) / 10_000 : 0);

/** Stats of many campaigns in one query (list pages ask for all of theirs at once). */
export async function campaignStats(platform: Platform, ids: readonly number[]): Promise<Map<number, CampaignStats>> {
  const rows = ids.length
    ? await platform.prisma.$queryRaw<Record<string, bigint | number>[]>`
        SELECT campaign_id,
          count(*) AS recipients,
          count(*) FILTER (WHERE status IN ('queued', 'sending')) AS queued,
          count(*) FILTER (WHERE status = 'queued' AND attempts > 0) AS deferred,
          count(*) FILTER (WHERE status = 'sent') AS sent,
          count(*) FILTER (WHERE status = 'failed') AS failed,
          coalesce(sum(opens), 0) AS opens, count(opened_at) AS unique_opens,
          coalesce(sum(clicks), 0) AS clicks, count(clicked_at) AS unique_clicks,
          count(unsubscribed_at) AS unsubscribes
        FROM mailer_recipients WHERE campaign_id = ANY(${[...ids]}::int[]) GROUP BY campaign_id`
    : [];
  const out = new Map<number, CampaignStats>();
  for (const id of ids) {
    const r = rows.find((x) => Number(x.campaign_id) === id);
    const n = (k: string) => Number(r?.[k] ?? 0);
    const sent = n('sent');
    out.set(id, {
      recipients: n('recipients'),
      queued: n('queued'),
      deferred: n('deferred'),
      sent,
      failed: n('failed'),
      opens: n('opens'),
      uniqueOpens: n('unique_opens'),
      clicks: n('clicks'),
      uniqueClicks: n('unique_clicks'),
      unsubscribes: n('unsubscribes'),
      openRate: rate(n('unique_opens'), sent),
      clickRate: rate(n('unique_clicks'), sent),
    });
  }
  return out;
}

export const GROWTH_DAYS = 30;

/** Subscriber counts by status and by list, and new subscribers per day (UTC) over the last 30 days. */
export async function dashboard(platform: Platform) {
  const { prisma } = platform;
  const now = platform.clock.now();
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (GROWTH_DAYS - 1)));
  const [byStatus, lists, perDay] = await Promise.all([
    prisma.mailerSubscriber.groupBy({ by: ['status'], _count: { _all: true } }),
    prisma.$queryRaw<{ id: number; name: string; total: bigint; subscribed: bigint }[]>`
      SELECT l.id, l.name, count(m.subscriber_id) AS total, count(m.subscriber_id) FILTER (WHERE s.status = 'subscribed') AS subscribed
      FROM mailer_lists l LEFT JOIN mailer_list_members m ON m.list_id = l.id LEFT JOIN mailer_subscribers s ON s.id = m.subscriber_id
      GROUP BY l.id, l.name ORDER BY l.id`,
    prisma.$queryRaw<{ day: string; count: bigint }[]>`
      SELECT to_char(date_trunc('day', created_at), 'YYYY-MM-DD') AS day, count(*) AS count
      FROM mailer_subscribers WHERE created_at >= ${since} GROUP BY 1`,
  ]);
  const statuses = Object.fromEntries(
    SUBSCRIBER_STATUSES.map((s) => [s, byStatus.find((b) => b.status === s)?._count._all ?? 0]),
  );
  const growth = Array.from({ length: GROWTH_DAYS }, (_, i) => {
    const day = new Date(since.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    return { date: day, count: Number(perDay.find((p) => p.day === day)?.count ?? 0) };
  });
  return {
    total: Object.values(statuses).reduce((a, b) => a + b, 0),
    byStatus: statuses as Record<(typeof SUBSCRIBER_STATUSES)[number], number>,
    lists: lists.map((l) => ({ id: l.id, name: l.name, total: Number(l.total), subscribed: Number(l.subscribed) })),
    growth,
  };
}
