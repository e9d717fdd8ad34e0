// Membership statuses and what grants access (membership.md "Membership statuses and moves").
import type { Prisma } from '../../../generated/prisma/client.ts';
import { enumOf } from '../../../input/vocabulary.ts';

export const MEMBERSHIP_STATUSES = ['pending', 'trialing', 'active', 'paused', 'cancelled', 'expired'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];
export const MembershipStatusEnum = enumOf(
  'MembershipStatus',
  MEMBERSHIP_STATUSES,
  'Only trialing and active grant access. Moves: pending → active; trialing → active at the trial end; trialing|active ⇄ paused; trialing|active|paused → cancelled; active|trialing → expired at the period end.',

);

/** Statuses of a membership that has not ended (a user holds at most one such membership per plan). */
export const LIVE: MembershipStatus[] = ['pending', 'trialing', 'active', 'paused'];
/** Statuses that grant access while the period lasts. */
export const GRANTING: MembershipStatus[] = ['trialing', 'active'];

/** Memberships that grant access at `now`. */
export const grantingWhere = (now: Date): Prisma.MembershipWhereInput => ({
  status: { in: GRANTING },
  OR: [{ currentPeriodEnd: null }, { currentPeriodEnd: { gt: now } }],
});

export const grants = (m: { status: string; currentPeriodEnd: Date | null }, now: Date) =>
  (GRANTING as string[]).includes(m.status) && (m.currentPeriodEnd === null || m.currentPeriodEnd > now);
