// The daily analytics snapshot: the figures of the UTC day that just ended — MRR and active members as the job runs,
// and what happened during the day — stored once. The day is the primary key, so when two instances run the job
// the second insert does nothing; the MRR series of the reports reads these rows.
import type { Platform } from '../../../platform/platform.ts';
import { STARTED_STATUSES } from '../core/service/statuses.ts';
import { ACTIVITY } from './activity.ts';
import { liveMrr } from './reports.ts';

const DAY = 86_400_000;

/** Stores yesterday's figures (UTC) unless they are stored; returns the day and whether this call stored it. */
export async function takeSnapshot(platform: Platform): Promise<{ day: string; stored: boolean }> {
  const now = platform.clock.now();
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const start = new Date(end.getTime() - DAY);
  const day = start.toISOString().slice(0, 10);
  const mrr = await liveMrr(platform);
  const stored = await platform.prisma.$executeRaw`
    INSERT INTO member_daily_snapshots (day, currency, mrr, active_members, new_memberships, ended_memberships, topics, replies, messages, lessons_completed, created_at)
    SELECT ${day}::date, ${mrr.currency}::text, ${mrr.mrr}::bigint, ${mrr.activeMembers}::int,
      (SELECT count(*) FROM member_memberships WHERE status = ANY (${STARTED_STATUSES}::text[]) AND started_at >= ${start} AND started_at < ${end})::int,
      (SELECT count(*) FROM member_memberships WHERE ended_at >= ${start} AND ended_at < ${end})::int,
      count(*) FILTER (WHERE kind = 'topic')::int, count(*) FILTER (WHERE kind = 'reply')::int,
      count(*) FILTER (WHERE kind = 'message')::int, count(*) FILTER (WHERE kind = 'lesson')::int, ${now}::timestamp
    FROM (${ACTIVITY}) activity WHERE at >= ${start} AND at < ${end}
    ON CONFLICT (day) DO NOTHING`;
  return { day, stored: stored > 0 };
}
