// Member health (membership.md "Member health"): a 0–100 score from four factors, each 0–100 —
//   recency   (weight 0.4) 100 on the day of the last activity, falling to 0 at 60 days without any;
//   progress  (0.2) mean completion of the courses the member is enrolled in; 50 (neutral) with none;
//   community (0.2) topics, replies and direct messages in the last 30 days, 20 each, up to 100;
//   tenure    (0.2) months since the first membership started, 100 from twelve months.
// Bands: healthy ≥ 70, at_risk ≥ 40, critical below. One INSERT … SELECT computes every member (or the given ones):
// no query per member.
import { Prisma } from '../../../generated/prisma/client.ts';
import type { Platform } from '../../../platform/platform.ts';
import { STARTED_STATUSES } from '../core/service/statuses.ts';
import { LAST_ACTIVITY } from './activity.ts';

export interface HealthFactor {
  name: string;
  value: number;
  weight: number;
}

export interface MemberHealth {
  score: number | null;
  band: 'healthy' | 'at_risk' | 'critical' | null;
  factors: HealthFactor[];
  computedAt: Date | null;
}

export const WEIGHTS = { recency: 0.4, progress: 0.2, community: 0.2, tenure: 0.2 } as const;
/** Each factor's column in the recompute's scored rows, as SQL (never text spliced in). */
const FACTOR_COLUMNS: Record<keyof typeof WEIGHTS, Prisma.Sql> = {
  recency: Prisma.sql`recency`,
  progress: Prisma.sql`progress`,
  community: Prisma.sql`community`,
  tenure: Prisma.sql`tenure`,
};

/** Recomputes the stored health of every member, or of `userIds`; returns how many were written. */
export async function recomputeHealth(platform: Platform, userIds?: number[]): Promise<number> {
  const now = platform.clock.now();
  const month = new Date(now.getTime() - 30 * 86_400_000);
  const only = userIds ? Prisma.sql`AND user_id = ANY (${userIds}::int[])` : Prisma.empty;
  const factor = (name: keyof typeof WEIGHTS) =>
    Prisma.sql`jsonb_build_object('name', ${name}::text, 'value', ${FACTOR_COLUMNS[name]}, 'weight', ${WEIGHTS[name]}::float8)`;
  const written = await platform.prisma.$executeRaw`
    WITH members AS (
      SELECT user_id, min(started_at) AS first_at FROM member_memberships WHERE status = ANY (${STARTED_STATUSES}::text[]) ${only} GROUP BY user_id
    ), totals AS (
      SELECT course_id, count(*) AS total FROM member_lessons WHERE status = 'published' GROUP BY course_id
    ), done AS (
      SELECT user_id, course_id, count(*) AS n FROM member_lesson_progress WHERE status = 'completed' GROUP BY user_id, course_id
    ), progress AS (
      SELECT e.user_id, avg(least(100, 100.0 * coalesce(d.n, 0) / t.total)) AS pct
      FROM member_enrollments e JOIN totals t ON t.course_id = e.course_id
      LEFT JOIN done d ON d.user_id = e.user_id AND d.course_id = e.course_id GROUP BY e.user_id
    ), posts AS (
      SELECT user_id, count(*) AS n FROM (
        SELECT author_id AS user_id FROM member_topics WHERE created_at > ${month} AND status <> 'hidden'
        UNION ALL SELECT author_id FROM member_replies WHERE created_at > ${month} AND status <> 'hidden'
        UNION ALL SELECT sender_id FROM member_messages WHERE created_at > ${month}) p GROUP BY user_id
    ), factors AS (
      SELECT m.user_id,
        round(greatest(0, 100 - extract(epoch FROM (${now}::timestamp - la.last_at)) / 86400 * 100 / 60))::int AS recency,
        round(coalesce(pr.pct, 50))::int AS progress,
        least(100, coalesce(po.n, 0) * 20)::int AS community,
        round(least(100, extract(epoch FROM (${now}::timestamp - m.first_at)) / 86400 / 365 * 100))::int AS tenure
      FROM members m
      LEFT JOIN (${LAST_ACTIVITY}) la ON la.user_id = m.user_id
      LEFT JOIN progress pr ON pr.user_id = m.user_id
      LEFT JOIN posts po ON po.user_id = m.user_id
    ), scored AS (
      SELECT *, round(coalesce(recency, 0) * ${WEIGHTS.recency}::float8 + progress * ${WEIGHTS.progress}::float8
        + community * ${WEIGHTS.community}::float8 + tenure * ${WEIGHTS.tenure}::float8)::int AS score FROM factors
    )
    INSERT INTO member_health (user_id, score, band, factors, computed_at)
    SELECT user_id, score, CASE WHEN score >= 70 THEN 'healthy' WHEN score >= 40 THEN 'at_risk' ELSE 'critical' END,
      jsonb_build_array(${factor('recency')}, ${factor('progress')}, ${factor('community')}, ${factor('tenure')}), ${now}::timestamp
    FROM (SELECT user_id, coalesce(recency, 0) AS recency, progress, community, tenure, score FROM scored) s
    ON CONFLICT (user_id) DO UPDATE SET score = EXCLUDED.score, band = EXCLUDED.band, factors = EXCLUDED.factors, computed_at = EXCLUDED.computed_at`;
  if (!userIds)
    await platform.prisma
      .$executeRaw`DELETE FROM member_health h WHERE NOT EXISTS (SELECT 1 FROM member_memberships m WHERE m.user_id = h.user_id AND m.status = ANY (${STARTED_STATUSES}::text[]))`;
  return written;
}

/** The stored health of members, in the order asked; computed now for those the daily job has not reached yet. Two
 *  reads whatever the number (a page of members asks once). */
export async function healthOfMany(platform: Platform, userIds: readonly number[]): Promise<MemberHealth[]> {
  const read = (ids: readonly number[]) =>
    platform.prisma.memberHealthScore.findMany({ where: { userId: { in: [...ids] } } });
  const rows = new Map((await read(userIds)).map((r) => [r.userId, r]));
  const missing = userIds.filter((id) => !rows.has(id));
  if (missing.length && (await recomputeHealth(platform, missing)))
    for (const r of await read(missing)) rows.set(r.userId, r);
  return userIds.map((id) => {
    const row = rows.get(id);
    if (!row) return { score: null, band: null, factors: [], computedAt: null };
    return {
      score: row.score,
      band: row.band as MemberHealth['band'],
      factors: row.factors as unknown as MemberHealth['factors'],
      computedAt: row.computedAt,
    };
  });
}

/** The stored health of one member (healthOfMany of one). */
export const healthOf = async (platform: Platform, userId: number): Promise<MemberHealth> =>
  (await healthOfMany(platform, [userId]))[0]!;
