// The moves of a membership (membership.md): cancel, pause, resume, upgrade. Each locks the row, asks the status
// table (statuses.ts) where the move leads, writes and emits in one transaction; of two concurrent moves on one
// membership the second sees the first's result, so they never both succeed. Every move the table does not allow is
// 409 member_invalid_transition, and writes nothing.
import { z } from 'zod';
import { parseDeclared, type Input } from '../../../../platform/validation.ts';
import { id, text } from '../../../../input/vocabulary.ts';
import type { Platform } from '../../../../platform/platform.ts';
import { transaction, type Tx } from '../../../../platform/transaction.ts';
import type { Membership } from '../../../../generated/prisma/client.ts';
import { memberConflict, membershipNotFound } from '../errors.ts';
import { liveOf, lockUser } from './memberships.ts';
import { addInterval, type PlanInterval } from './periods.ts';
import { sharePlan } from './plans.ts';
import { prorate } from './proration.ts';
import { MOVES, next } from './statuses.ts';

export const CancelInput = {
  id: id().describe('Membership id.'),
  reason: text(500).optional().describe('Recorded with the cancellation.'),
  immediately: z
    .boolean()
    .default(false)
    .describe('End access now (default: at the period end; lifetime and paused memberships always end now).'),
};
export const PauseInput = {
  id: id().describe('Membership id.'),
  until: z.date().optional().describe('Resume by itself then (the sweep); default: until resumed.'),
};
export const ResumeInput = { id: id().describe('Membership id.') };
export const UpgradeInput = { id: id().describe('Membership id.'), planId: id().describe('The plan to swap to.') };

async function locked(tx: Tx, id: number): Promise<Membership> {
  const rows = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM member_memberships WHERE id = ${id} FOR UPDATE`;
  if (!rows.length) throw membershipNotFound();
  return tx.membership.findUniqueOrThrow({ where: { id } });
}

export async function cancelMembership(platform: Platform, input: Input<z.ZodObject<typeof CancelInput>>) {
  const data = parseDeclared(z.object(CancelInput), input);
  return transaction(platform, async (tx, after) => {
    const m = await locked(tx, data.id);
    const now = platform.clock.now();
    // A lifetime membership has no period end to wait for, and a paused one no access to keep: both end now.
    const atPeriodEnd =
      !data.immediately &&
      m.currentPeriodEnd !== null &&
      (MOVES.cancelAtPeriodEnd.from as readonly string[]).includes(m.status);
    const immediately = !atPeriodEnd;
    const status = next(m, immediately ? 'cancelNow' : 'cancelAtPeriodEnd');
    const reason = data.reason ?? null;
    const moved = await tx.membership.update({
      where: { id: m.id },
      data: immediately
        ? {
            status,
            cancelledAt: now,
            cancelReason: reason ?? m.cancelReason,
            endedAt: now,
            cancelAtPeriodEnd: false,
            pausedUntil: null,
            updatedAt: now,
          }
        : { cancelAtPeriodEnd: true, cancelledAt: now, cancelReason: reason, updatedAt: now },
    });
    after.emit('member/membership/cancelled', {
      membership_id: m.id,
      user_id: m.userId,
      plan_id: m.planId,
      reason,
      immediately,
    });
    return moved;
  });
}

export async function pauseMembership(platform: Platform, input: Input<z.ZodObject<typeof PauseInput>>) {
  const data = parseDeclared(z.object(PauseInput), input);
  return transaction(platform, async (tx) => {
    const m = await locked(tx, data.id);
    const now = platform.clock.now();
    const status = next(m, 'pause');
    if (data.until && data.until <= now) throw memberConflict('until must be in the future.');
    return tx.membership.update({
      where: { id: m.id },
      data: { status, pausedAt: now, pausedUntil: data.until ?? null, updatedAt: now },
    });
  });
}

/** Paused → active. The time spent paused is added to the period: a pause does not eat what was paid for. */
export async function resumeMembership(platform: Platform, input: { id: number }) {
  const data = parseDeclared(z.object(ResumeInput), input);
  return transaction(platform, async (tx) => {
    const m = await locked(tx, data.id);
    return tx.membership.update({
      where: { id: m.id },
      data: { status: next(m, 'resume'), ...resumedData(m, platform.clock.now()) },
    });
  });
}

/** The dates of a membership that resumes at `now`. */
function resumedData(m: Pick<Membership, 'pausedAt' | 'currentPeriodEnd' | 'trialEndsAt'>, now: Date) {
  const paused = m.pausedAt ? Math.max(0, now.getTime() - m.pausedAt.getTime()) : 0;
  const shift = (d: Date | null) => (d ? new Date(d.getTime() + paused) : null);
  return {
    currentPeriodEnd: shift(m.currentPeriodEnd),
    trialEndsAt: shift(m.trialEndsAt),
    pausedAt: null,
    pausedUntil: null,
    updatedAt: now,
  };
}

/** Swaps the plan of a trialing or active membership, recording previous_plan_id and the proration (data only). The
 *  user's row is locked first, as grants and creates do, so the user's live membership of the new plan is looked for
 *  on committed facts (409); the plan's row is held while the membership comes to point at it. */
export async function upgradeMembership(platform: Platform, input: Input<z.ZodObject<typeof UpgradeInput>>) {
  const data = parseDeclared(z.object(UpgradeInput), input);
  const owner = await platform.prisma.membership.findUnique({ where: { id: data.id }, select: { userId: true } });
  if (!owner) throw membershipNotFound();
  return transaction(platform, async (tx, after) => {
    await lockUser(tx, owner.userId);
    const m = await locked(tx, data.id);
    next(m, 'upgrade');
    if (m.planId === data.planId) throw memberConflict('The membership is already of that plan.');
    const to = await sharePlan(tx, data.planId);
    const from = await tx.memberPlan.findUniqueOrThrow({ where: { id: m.planId } });
    const held = await liveOf(tx, m.userId, to.id);
    if (held) throw memberConflict(`The user already has a live membership (${held.id}) of that plan.`);
    if (to.status !== 'active') throw memberConflict('An archived plan takes no new members.');
    if (to.currency !== from.currency)
      throw memberConflict(`The plans are priced in different currencies (${from.currency}, ${to.currency}).`);
    const now = platform.clock.now();
    const { proration, newPeriod } = prorate(m, from, to, now);
    const moved = await tx.membership.update({
      where: { id: m.id },
      data: {
        planId: to.id,
        previousPlanId: from.id,
        proration: { ...proration },
        ...(newPeriod ? { currentPeriodEnd: addInterval(now, to.interval as PlanInterval, to.intervalCount) } : {}),
        // A trial of another period length: the first period after the trial is the new plan's.
        ...(m.status === 'trialing' && (from.interval !== to.interval || from.intervalCount !== to.intervalCount)
          ? { currentPeriodEnd: addInterval(m.trialEndsAt ?? now, to.interval as PlanInterval, to.intervalCount) }
          : {}),
        updatedAt: now,
      },
    });
    after.emit('member/membership/upgraded', {
      membership_id: m.id,
      user_id: m.userId,
      from_plan_id: from.id,
      to_plan_id: to.id,
    });
    return moved;
  });
}
