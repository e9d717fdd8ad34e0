// Lifecycle stages (membership.md "Events"): trial_ending (3 days before the trial ends), renewal_upcoming (7 days
// before a renewing period ends), inactive (a member with access and no activity for 30 days), win_back (30 days
// after a membership ended, unless the member has a live one again). The hourly job inserts the due
// (membership, stage) pairs into member_lifecycle_stages; its primary key makes each fire once, ever — also when two
// instances run at once — and only newly inserted pairs emit member/lifecycle/<stage> after the commit.
import { transaction } from '../../../platform/transaction.ts';
import type { Platform } from '../../../platform/platform.ts';
import { grantingSql, LIVE_STATUSES, movableSql, PAYING_STATUSES } from '../core/service/statuses.ts';
import { LAST_ACTIVITY } from './activity.ts';

export const LIFECYCLE_STAGES = ['trial_ending', 'renewal_upcoming', 'inactive', 'win_back'] as const;
export type LifecycleStage = (typeof LIFECYCLE_STAGES)[number];

const DAY = 86_400_000;
/** win_back fires within this many days after its 30: a missed run catches up, an old ending is not "won back". */
const WIN_BACK_WINDOW_DAYS = 7;

export async function runLifecycle(platform: Platform): Promise<Record<LifecycleStage, number>> {
  const now = platform.clock.now();
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  return transaction(platform, async (tx, after) => {
    const fired = await tx.$queryRaw<
      { membership_id: number; user_id: number; plan_id: number; stage: LifecycleStage }[]
    >`
      WITH due AS (
        SELECT m.id, m.user_id, m.plan_id, 'trial_ending' AS stage FROM member_memberships m
        WHERE ${movableSql('endTrial')} AND m.trial_ends_at > ${now} AND m.trial_ends_at <= ${at(3)}
        UNION ALL
        SELECT m.id, m.user_id, m.plan_id, 'renewal_upcoming' FROM member_memberships m
        WHERE m.status = ANY (${PAYING_STATUSES}::text[]) AND NOT m.cancel_at_period_end AND m.current_period_end > ${now} AND m.current_period_end <= ${at(7)}
        UNION ALL
        SELECT m.id, m.user_id, m.plan_id, 'inactive' FROM member_memberships m LEFT JOIN (${LAST_ACTIVITY}) la ON la.user_id = m.user_id
        WHERE ${grantingSql(now)} AND m.started_at <= ${at(-30)} AND coalesce(la.last_at, '-infinity') <= ${at(-30)}
        UNION ALL
        SELECT m.id, m.user_id, m.plan_id, 'win_back' FROM member_memberships m
        WHERE NOT (m.status = ANY (${LIVE_STATUSES}::text[])) AND m.ended_at <= ${at(-30)} AND m.ended_at > ${at(-30 - WIN_BACK_WINDOW_DAYS)}
          AND NOT EXISTS (SELECT 1 FROM member_memberships l WHERE l.user_id = m.user_id AND l.status = ANY (${LIVE_STATUSES}::text[]))
      ), inserted AS (
        INSERT INTO member_lifecycle_stages (membership_id, stage, fired_at) SELECT id, stage, ${now}::timestamp FROM due
        ON CONFLICT DO NOTHING RETURNING membership_id, stage
      )
      SELECT i.membership_id, d.user_id, d.plan_id, i.stage FROM inserted i JOIN due d ON d.id = i.membership_id AND d.stage = i.stage
      ORDER BY i.stage, i.membership_id`;
    for (const f of fired) {
      after.emit(`member/lifecycle/${f.stage}`, {
        membership_id: f.membership_id,
        user_id: f.user_id,
        plan_id: f.plan_id,
        stage: f.stage,
      });
    }
    return Object.fromEntries(LIFECYCLE_STAGES.map((s) => [s, fired.filter((f) => f.stage === s).length])) as Record<
      LifecycleStage,
      number
    >;
  });
}
