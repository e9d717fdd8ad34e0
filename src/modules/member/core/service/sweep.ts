// The hourly expire sweep (membership/access/expire-sweep). Every move is one conditional, set-based statement whose
// RETURNING rows are exactly the memberships it moved, so a second run — or a second instance at the same time —
// moves nothing twice and fires no event twice. Which memberships a move leaves from, and where it leads, is the
// status table's (statuses.ts). Order: pauses that are over resume first (their period grows by the pause), trials
// that are over become active, scheduled cancellations end, then unrenewed periods expire.
import type { Platform } from '../../../../platform/platform.ts';
import { transaction } from '../../../../platform/transaction.ts';
import { MOVES, movableSql } from './statuses.ts';

export interface SweepResult {
  resumed: number;
  activated: number;
  cancelled: number;
  expired: number;
}

export async function expireSweep(platform: Platform): Promise<SweepResult> {
  const now = platform.clock.now();
  return transaction(platform, async (tx, after) => {
    const resumed = await tx.$executeRaw`
      UPDATE member_memberships m SET status = ${MOVES.resume.to},
        current_period_end = current_period_end + (paused_until - paused_at),
        trial_ends_at = trial_ends_at + (paused_until - paused_at),
        paused_at = NULL, paused_until = NULL, updated_at = ${now}
      WHERE ${movableSql('resume')} AND m.paused_until IS NOT NULL AND m.paused_until <= ${now}`;
    const activated = await tx.$executeRaw`
      UPDATE member_memberships m SET status = ${MOVES.endTrial.to}, updated_at = ${now}
      WHERE ${movableSql('endTrial')} AND m.trial_ends_at IS NOT NULL AND m.trial_ends_at <= ${now}
        AND (m.current_period_end IS NULL OR m.current_period_end > ${now})`;
    const cancelled = await tx.$executeRaw`
      UPDATE member_memberships m SET status = ${MOVES.endScheduled.to}, ended_at = current_period_end, cancel_at_period_end = false, updated_at = ${now}
      WHERE ${movableSql('endScheduled')} AND m.current_period_end <= ${now}`;
    const expired = await tx.$queryRaw<{ id: number; user_id: number; plan_id: number }[]>`
      UPDATE member_memberships m SET status = ${MOVES.expire.to}, ended_at = current_period_end, updated_at = ${now}
      WHERE ${movableSql('expire')} AND m.current_period_end <= ${now}
      RETURNING id, user_id, plan_id`;
    for (const m of expired)
      after.emit('member/membership/expired', { membership_id: m.id, user_id: m.user_id, plan_id: m.plan_id });
    return { resumed, activated, cancelled, expired: expired.length };
  });
}
