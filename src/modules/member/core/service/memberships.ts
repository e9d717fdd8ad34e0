// Creating memberships: POST /memberships (source api), grant (source manual; creates or reactivates), revoke
// (ends now, reason revoked). A user holds at most one live membership per plan: the user's row is locked while
// that is checked (lockUser; upgrades take it too), and the database refuses a second one whatever writes it (the
// partial unique index of statuses.ts). The plan's row is held while a membership of it is written (sharePlan), so a
// plan deleted meanwhile is a 404, never a dangling reference.
import { z } from 'zod';
import type { Prisma } from '../../../../generated/prisma/client.ts';
import { parseDeclared, type Input } from '../../../../platform/validation.ts';
import { enumOf, id, inputObject, pageArgs } from '../../../../input/vocabulary.ts';
import type { Platform } from '../../../../platform/platform.ts';
import { transaction, type AfterCommit, type Tx } from '../../../../platform/transaction.ts';
import { memberConflict, membershipNotFound, userNotFound } from '../errors.ts';
import { addDays, addInterval, type PlanInterval } from './periods.ts';
import { sharePlan } from './plans.ts';
import { LIVE_STATUSES, MembershipStatusEnum, MOVES, NEW_STATUSES, next } from './statuses.ts';

export const MembershipSource = enumOf(
  'MembershipSource',
  ['manual', 'api', 'import'],
  'Who created it: a manager (grant), the API, or the importer.',
  {
    manual: 'Granted by a manager.',
    api: 'Created through the API.',
    import: "Written by the importer from another plugin's export.",
  },
);

export const MembershipCreate = inputObject(
  'MembershipCreateInput',
  {
    userId: id().describe('The user who joins.'),
    planId: id().describe('The plan joined; not archived.'),
    status: enumOf(
      'MembershipNewStatus',
      NEW_STATUSES,
      'pending waits for activation; default trialing when the plan has trial days, else active.',
      {
        pending: 'Waits for activation: no access until then.',
        trialing: "Starts the plan's trial: grants access.",
        active: 'Starts the first period at once: grants access.',
      },
    ).optional(),
    endsAt: z.date().optional().describe('The end of the first period (default: one period of the plan).'),
  },
  'A new membership (source api).',
);
/** Grant and revoke name the user userId; their fields and routes call it `id`, the member of POST /members/{id}/grant
 *  and /revoke (graphql/members.ts). */
export const GrantInput = {
  userId: id().describe('The user.'),
  planId: id().describe('The plan granted.'),
  endsAt: z.date().optional().describe('The end of the period (default: one period of the plan).'),
};
export const RevokeInput = {
  userId: id().describe('The user.'),
  planId: id().describe('The plan whose live membership ends.'),
};
export const MembershipFilter = {
  ...pageArgs,
  userId: id().optional().describe("Only this user's memberships."),
  planId: id().optional().describe('Only memberships of this plan.'),

  status: MembershipStatusEnum.optional(),
};

type Plan = { id: number; interval: string; intervalCount: number; trialDays: number; status: string };

/** Locks the user's row: the at-most-one-live-membership-per-plan check and the write are then one decision. */
export async function lockUser(tx: Tx, userId: number) {
  const rows = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`;
  if (!rows.length) throw userNotFound(userId);
}

/** The user's live membership of the plan, if any (under lockUser). */
export const liveOf = (tx: Tx, userId: number, planId: number) =>
  tx.membership.findFirst({ where: { userId, planId, status: { in: LIVE_STATUSES } } });

/** Dates of a new membership of `plan` started at `now`. */
function firstPeriod(plan: Plan, now: Date, status: string, endsAt?: Date | null) {
  const trialEndsAt = status === 'trialing' && plan.trialDays > 0 ? addDays(now, plan.trialDays) : null;
  const currentPeriodEnd = endsAt ?? addInterval(trialEndsAt ?? now, plan.interval as PlanInterval, plan.intervalCount);
  return { startedAt: now, trialEndsAt, currentPeriodEnd };
}

export async function insertMembership(
  tx: Tx,
  after: AfterCommit,
  platform: Platform,
  m: { userId: number; plan: Plan; status: string; source: string; endsAt?: Date | null },
) {
  const now = platform.clock.now();
  const row = await tx.membership.create({
    data: {
      userId: m.userId,
      planId: m.plan.id,
      status: m.status,
      source: m.source,
      ...firstPeriod(m.plan, now, m.status, m.endsAt),
      createdAt: now,
      updatedAt: now,
    },
  });
  after.emit('member/membership/created', {
    membership_id: row.id,
    user_id: row.userId,
    plan_id: row.planId,
    status: row.status,
    source: row.source,
  });
  return row;
}

export async function createMembership(
  platform: Platform,
  input: Input<typeof MembershipCreate>,
  source: 'api' | 'manual' = 'api',
) {
  const data = parseDeclared(MembershipCreate, input);
  return transaction(platform, async (tx, after) => {
    await lockUser(tx, data.userId);
    const plan = await sharePlan(tx, data.planId);
    if (plan.status !== 'active') throw memberConflict('An archived plan takes no new members.');
    const live = await liveOf(tx, data.userId, plan.id);
    if (live) throw memberConflict(`The user already has a live membership (${live.id}) of this plan.`);
    const status = data.status ?? (plan.trialDays > 0 ? 'trialing' : 'active');
    return insertMembership(tx, after, platform, { userId: data.userId, plan, status, source, endsAt: data.endsAt });
  });
}

/** Grant: an active membership of the plan — the user's live one activated (and its period set), or a new one. */
export async function grantMembership(platform: Platform, input: Input<z.ZodObject<typeof GrantInput>>) {
  const data = parseDeclared(z.object(GrantInput), input);
  return transaction(platform, async (tx, after) => {
    await lockUser(tx, data.userId);
    const plan = await sharePlan(tx, data.planId);
    const now = platform.clock.now();
    const live = await liveOf(tx, data.userId, plan.id);
    if (!live) {
      if (plan.status !== 'active') throw memberConflict('An archived plan takes no new members.');
      return insertMembership(tx, after, platform, {
        userId: data.userId,
        plan,
        status: MOVES.activate.to,
        source: 'manual',
        endsAt: data.endsAt,
      });
    }
    const status = next(live, 'activate');
    const periodEnd =
      data.endsAt ??
      (live.status === status
        ? live.currentPeriodEnd
        : addInterval(now, plan.interval as PlanInterval, plan.intervalCount));
    return tx.membership.update({
      where: { id: live.id },
      data: {
        status,
        currentPeriodEnd: periodEnd,
        pausedAt: null,
        pausedUntil: null,
        cancelAtPeriodEnd: false,
        cancelledAt: null,
        cancelReason: null,
        updatedAt: now,
      },
    });
  });
}

/** Revoke: the user's live membership of the plan ends now (cancelled, reason revoked). */
export async function revokeMembership(platform: Platform, input: Input<z.ZodObject<typeof RevokeInput>>) {
  const data = parseDeclared(z.object(RevokeInput), input);
  return transaction(platform, async (tx, after) => {
    await lockUser(tx, data.userId);
    const live = await liveOf(tx, data.userId, data.planId);
    if (!live) throw membershipNotFound();
    const now = platform.clock.now();
    const ended = await tx.membership.update({
      where: { id: live.id },
      data: {
        status: next(live, 'revoke'),
        cancelledAt: now,
        cancelReason: 'revoked',
        endedAt: now,
        cancelAtPeriodEnd: false,
        updatedAt: now,
      },
    });
    after.emit('member/membership/cancelled', {
      membership_id: ended.id,
      user_id: ended.userId,
      plan_id: ended.planId,
      reason: 'revoked',
      immediately: true,
    });
    return ended;
  });
}

export function membershipWhere(args: {
  userId?: number | null;
  planId?: number | null;
  status?: string | null;
}): Prisma.MembershipWhereInput {
  return {
    ...(args.userId ? { userId: args.userId } : {}),
    ...(args.planId ? { planId: args.planId } : {}),
    ...(args.status ? { status: args.status } : {}),
  };
}
