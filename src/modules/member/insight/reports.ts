// The four reports of membership.md ("Reports"), each a few set-based SQL statements over the live tables and the
// daily snapshots, so they answer in well under a second for 100,000 members (bench/insight.ts).
import { z } from 'zod';
import { Prisma } from '../../../generated/prisma/client.ts';
import type { Platform } from '../../../platform/platform.ts';
import { grantingSql, STARTED_STATUSES } from '../core/service/statuses.ts';
import { ACTIVITY } from './activity.ts';

export const CohortArgs = {
  since: z.number().int().min(1).max(60).default(12).describe('How many months of cohorts (the current one included).'),
};
export const EngagementArgs = {
  days: z.number().int().min(1).max(366).default(30).describe('How many days, today included.'),
};

/** A plan's monthly amount in minor units: price ÷ interval_count, normalised to a month; lifetime plans add 0. */
const MONTHLY = Prisma.sql`CASE p.interval
  WHEN 'month' THEN p.price::numeric / p.interval_count
  WHEN 'year' THEN p.price::numeric / 12 / p.interval_count
  WHEN 'week' THEN p.price::numeric * 52 / 12 / p.interval_count
  WHEN 'day' THEN p.price::numeric * 365 / 12 / p.interval_count
  ELSE 0 END`;

/** Memberships granting access at `now` (statuses.ts), with their plan as `p`. */
const granting = (now: Date) =>
  Prisma.sql`member_memberships m JOIN member_plans p ON p.id = m.plan_id WHERE ${grantingSql(now)}`;

/** Amounts in minor units, as PostgreSQL's bigint: GraphQL's SafeInt answers them while they fit 53 bits. */
export interface LiveMrr {
  currency: string;
  mrr: bigint;
  activeMembers: number;
  byPlan: { planId: number; members: number; mrr: bigint }[];
  otherCurrencies: { currency: string; mrr: bigint }[];
}

/** MRR now: trialing memberships add 0 but count as active members (every membership that grants access). */
export async function liveMrr(platform: Platform): Promise<LiveMrr> {
  const currency = platform.config.member.currency;
  const now = platform.clock.now();
  const [plans, [members]] = await Promise.all([
    // Amounts are summed as numeric and rounded (half up) in SQL — per plan, and once per currency for its total —
    // then answered as bigint: exact past 2^31 (and past 2^53, where the SafeInt answer refuses rather than rounds).
    platform.prisma.$queryRaw<
      { plan_id: number; currency: string; members: number; mrr: bigint; currency_mrr: bigint }[]
    >`
      SELECT plan_id, currency, members, round(mrr)::bigint AS mrr, round(sum(mrr) OVER (PARTITION BY currency))::bigint AS currency_mrr
      FROM (
        SELECT m.plan_id, p.currency, count(*)::int AS members, coalesce(sum(CASE WHEN m.status = 'active' THEN ${MONTHLY} END), 0) AS mrr
        FROM ${granting(now)} GROUP BY m.plan_id, p.currency
      ) per_plan ORDER BY plan_id`,
    platform.prisma.$queryRaw<{ n: number }[]>`SELECT count(DISTINCT m.user_id)::int AS n FROM ${granting(now)}`,
  ]);
  const total = (c: string) => plans.find((p) => p.currency === c)?.currency_mrr ?? 0n;
  const others = [...new Set(plans.filter((p) => p.currency !== currency).map((p) => p.currency))].sort();
  return {
    currency,
    mrr: total(currency),
    activeMembers: members!.n,
    byPlan: plans
      .filter((p) => p.currency === currency)
      .map((p) => ({ planId: p.plan_id, members: p.members, mrr: p.mrr })),
    otherCurrencies: others.map((c) => ({ currency: c, mrr: total(c) })),
  };
}

const monthOf = (d: Date) => d.toISOString().slice(0, 7);

/** MRR now, and its series: the last snapshot of each of the past eleven months that has one, then this month live. */
export async function mrrReport(platform: Platform) {
  const live = await liveMrr(platform);
  const now = platform.clock.now();
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
  const thisMonth = monthOf(now);
  const snapshots = await platform.prisma.$queryRaw<{ month: string; mrr: bigint }[]>`
    SELECT DISTINCT ON (date_trunc('month', day)) to_char(day, 'YYYY-MM') AS month, mrr FROM member_daily_snapshots
    WHERE currency = ${live.currency} AND day >= ${from}::date ORDER BY date_trunc('month', day), day DESC`;
  const series = [...snapshots.filter((s) => s.month !== thisMonth), { month: thisMonth, mrr: live.mrr }];
  return { ...live, series };
}

/** Whole months from the month of `a` to the month of `b`. */
const months = (a: Prisma.Sql, b: Prisma.Sql) =>
  Prisma.sql`((date_part('year', ${b}) - date_part('year', ${a})) * 12 + date_part('month', ${b}) - date_part('month', ${a}))::int`;
// The columns of the cohort report's ranges, as SQL (never text spliced in).
const [COHORT, S, E] = [Prisma.sql`cohort`, Prisma.sql`s`, Prisma.sql`e`];

/**
 * Cohorts by the month of each member's first membership (pending ones never started); `retained[k]`: how many of
 * them held a membership at the end of the k-th month after (now, for the current month). A paused membership still
 * counts: the member has not left. Set-based in one statement: a member's memberships are merged into disjoint spans,
 * each span turns into the range of checkpoints it covers, and a running sum of range starts and ends counts them —
 * no join of members against checkpoints.
 */
export async function cohortReport(platform: Platform, since: number) {
  const now = platform.clock.now();
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (since - 1), 1));
  const at = Prisma.sql`${now}::timestamp`;
  const isMonthStart = (x: Prisma.Sql) => Prisma.sql`CASE WHEN ${x} = date_trunc('month', ${x}) THEN 1 ELSE 0 END`;
  const rows = await platform.prisma.$queryRaw<{ cohort: string; size: number; k: number; retained: number }[]>`
    WITH firsts AS (
      SELECT user_id, date_trunc('month', min(started_at)) AS cohort FROM member_memberships
      WHERE status = ANY (${STARTED_STATUSES}::text[]) GROUP BY user_id HAVING min(started_at) >= ${from}
    ), sizes AS (SELECT cohort, count(*)::int AS size FROM firsts GROUP BY cohort),
    spans AS (
      SELECT m.user_id, f.cohort, m.started_at AS s, coalesce(m.ended_at, 'infinity') AS e
      FROM member_memberships m JOIN firsts f ON f.user_id = m.user_id WHERE m.status = ANY (${STARTED_STATUSES}::text[])
    ), marked AS (
      SELECT *, CASE WHEN s <= max(e) OVER (PARTITION BY user_id ORDER BY s, e ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) THEN 0 ELSE 1 END AS opens
      FROM spans
    ), merged AS (
      SELECT cohort, min(s) AS s, max(e) AS e FROM (SELECT *, sum(opens) OVER (PARTITION BY user_id ORDER BY s, e) AS island FROM marked) i
      GROUP BY user_id, cohort, island
    ), ranges AS (
      -- checkpoint k is the end of month k after the cohort's (now for the current month): covered when s <= it < e
      SELECT cohort, greatest(0, ${months(COHORT, S)} - ${isMonthStart(S)}) AS lo,
        CASE WHEN e > ${at} THEN ${months(COHORT, at)} ELSE ${months(COHORT, E)} - 1 - ${isMonthStart(E)} END AS hi
      FROM merged
    ), deltas AS (
      SELECT cohort, k, sum(d)::int AS d FROM (
        SELECT cohort, lo AS k, 1 AS d FROM ranges WHERE lo <= hi UNION ALL SELECT cohort, hi + 1, -1 FROM ranges WHERE lo <= hi
      ) x GROUP BY cohort, k
    )
    SELECT to_char(c.cohort, 'YYYY-MM') AS cohort, c.size, c.k,
      (sum(coalesce(d.d, 0)) OVER (PARTITION BY c.cohort ORDER BY c.k))::int AS retained
    FROM (SELECT cohort, size, k FROM sizes, generate_series(0, ${months(COHORT, at)}) AS k) c
    LEFT JOIN deltas d ON d.cohort = c.cohort AND d.k = c.k
    ORDER BY c.cohort, c.k`;
  const cohorts = new Map<string, { cohort: string; size: number; retained: number[] }>();
  for (const r of rows) {
    const c = cohorts.get(r.cohort) ?? { cohort: r.cohort, size: r.size, retained: [] };
    c.retained[r.k] = r.retained;
    cohorts.set(r.cohort, c);
  }
  return { cohorts: [...cohorts.values()] };
}

/**
 * Per course: enrolled (learners with progress or attempts in it, and members a course rule grants it to),
 * completed, completion_rate 0–1, and avg_quiz_score (the mean of each learner's best score on each quiz; null
 * without attempts).
 */
/** Per course, in the catalogue's order: enrolment, completion and quiz scores; `window` reads part of the list. */
export async function coursesReport(platform: Platform, window: { skip: number; take?: number } = { skip: 0 }) {
  const now = platform.clock.now();
  const rows = await platform.prisma.$queryRaw<
    { course_id: number; title: string; enrolled: number; completed: number; avg_quiz_score: string | null }[]
  >`
    WITH granted AS (
      SELECT DISTINCT c.id AS course_id, m.user_id FROM member_courses c
      JOIN member_access_rules r ON r.target_type = 'course' AND (r.target_id = c.id OR r.target_id IS NULL)
      JOIN member_memberships m ON (cardinality(r.plan_ids) = 0 OR m.plan_id = ANY (r.plan_ids)) AND ${grantingSql(now)}
    ), enrolled AS (
      SELECT course_id, count(*)::int AS n FROM (SELECT course_id, user_id FROM member_enrollments UNION SELECT course_id, user_id FROM granted) u
      GROUP BY course_id
    ), completed AS (
      SELECT course_id, count(*)::int AS n FROM member_enrollments WHERE completed_at IS NOT NULL GROUP BY course_id
    ), best AS (
      SELECT q.course_id, max(a.score) AS score FROM member_quiz_attempts a JOIN member_quizzes q ON q.id = a.quiz_id GROUP BY q.course_id, a.user_id, a.quiz_id
    ), scores AS (SELECT course_id, round(avg(score), 1) AS avg FROM best GROUP BY course_id)
    SELECT c.id AS course_id, c.title, coalesce(e.n, 0) AS enrolled, coalesce(d.n, 0) AS completed, s.avg AS avg_quiz_score
    FROM member_courses c LEFT JOIN enrolled e ON e.course_id = c.id LEFT JOIN completed d ON d.course_id = c.id LEFT JOIN scores s ON s.course_id = c.id
    ORDER BY c.position, c.id LIMIT ${window.take ?? null}::int OFFSET ${window.skip}::int`;
  return rows.map((r) => ({
    courseId: r.course_id,
    title: r.title,
    enrolled: r.enrolled,
    completed: r.completed,
    completionRate: r.enrolled ? Math.round((r.completed / r.enrolled) * 10_000) / 10_000 : 0,
    avgQuizScore: r.avg_quiz_score === null ? null : Number(r.avg_quiz_score),
  }));
}

/** Per UTC day: distinct active members (activity.ts), topics, replies, direct messages and lessons completed. */
export async function engagementReport(platform: Platform, days: number) {
  const now = platform.clock.now();
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const from = new Date(today.getTime() - (days - 1) * 86_400_000);
  const rows = await platform.prisma.$queryRaw<
    {
      date: string;
      active_members: number;
      topics: number;
      replies: number;
      messages: number;
      lessons_completed: number;
    }[]
  >`
    WITH a AS (SELECT user_id, date_trunc('day', at) AS day, kind FROM (${ACTIVITY}) activity WHERE at >= ${from} AND at <= ${now}),
    per_day AS (
      SELECT day, count(DISTINCT user_id)::int AS active_members, count(*) FILTER (WHERE kind = 'topic')::int AS topics,
        count(*) FILTER (WHERE kind = 'reply')::int AS replies, count(*) FILTER (WHERE kind = 'message')::int AS messages,
        count(*) FILTER (WHERE kind = 'lesson')::int AS lessons_completed
      FROM a GROUP BY day
    )
    SELECT to_char(d, 'YYYY-MM-DD') AS date, coalesce(p.active_members, 0) AS active_members, coalesce(p.topics, 0) AS topics,
      coalesce(p.replies, 0) AS replies, coalesce(p.messages, 0) AS messages, coalesce(p.lessons_completed, 0) AS lessons_completed
    FROM generate_series(${from}::timestamp, ${today}::timestamp, interval '1 day') AS d LEFT JOIN per_day p ON p.day = d ORDER BY d`;
  return rows.map((r) => ({
    date: r.date,
    activeMembers: r.active_members,
    topics: r.topics,
    replies: r.replies,
    messages: r.messages,
    lessonsCompleted: r.lessons_completed,
  }));
}
