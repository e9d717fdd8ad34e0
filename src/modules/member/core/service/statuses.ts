// The membership state machine (membership.md "Membership statuses and moves"), written once: what each status means,
// and each move as the statuses it leaves from and the status it leads to. The services (moves, grant, revoke), the
// sweep, drip, lifecycle, reports, site health and the access checks all take their status sets from here — Prisma
// `in` filters, or array parameters in set-based SQL — so "trialing or active grants access" is one definition.
// The database holds the one rule a race could break: at most one live membership per user and plan (the partial
// unique index member_memberships_one_live_per_plan of prisma/schema/member.prisma, whose predicate is LIVE_STATUSES;
// test/modules/member/statuses.test.ts compares them).
import { Prisma } from '../../../../generated/prisma/client.ts';
import { enumOf } from '../../../../input/vocabulary.ts';
import { invalidTransition } from '../errors.ts';

export const MEMBERSHIP_STATUSES = ['pending', 'trialing', 'active', 'paused', 'cancelled', 'expired'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

/** Each status: live (not ended: one per user and plan), grants (access while the period lasts), pays (a period that
 *  renews and counts in MRR; a trial does not), started (counts as membership since started_at: a pending one has not
 *  begun). */
type Facts = { live: boolean; grants: boolean; pays: boolean; started: boolean };
const STATUS: Record<MembershipStatus, Facts> = {
  pending: { live: true, grants: false, pays: false, started: false },
  trialing: { live: true, grants: true, pays: false, started: true },
  active: { live: true, grants: true, pays: true, started: true },
  paused: { live: true, grants: false, pays: false, started: true },
  cancelled: { live: false, grants: false, pays: false, started: true },
  expired: { live: false, grants: false, pays: false, started: true },
};

const where = (fact: keyof Facts) => MEMBERSHIP_STATUSES.filter((s) => STATUS[s][fact]);
export const LIVE_STATUSES = where('live');
export const GRANTING_STATUSES = where('grants');
export const PAYING_STATUSES = where('pays');
export const STARTED_STATUSES = where('started');
/** What POST /memberships may create (grant creates active ones; the importer writes what the source says). */
export const NEW_STATUSES = ['pending', 'trialing', 'active'] as const satisfies readonly MembershipStatus[];

type Move = {
  /** The statuses the move leaves from; any other is 409 member_invalid_transition. */
  from: readonly MembershipStatus[];
  /** Where it leads; null: the status stays (a flag or the plan changes). */
  to: MembershipStatus | null;
  /** true: only for a membership ending at its period end (cancel_at_period_end); false: only for one that is not. */
  ending?: boolean;
  /** For the 409's message: "A paused membership cannot be …". */
  verb: string;
};

/** status × move → status. The first seven are requests; the last three are the sweep's, when time passes. */
export const MOVES = {
  activate: { from: LIVE_STATUSES, to: 'active', verb: 'activated' }, // grant
  pause: { from: ['trialing', 'active'], to: 'paused', ending: false, verb: 'paused' },
  resume: { from: ['paused'], to: 'active', verb: 'resumed' }, // also the sweep, once paused_until passes
  cancelAtPeriodEnd: { from: ['trialing', 'active'], to: null, ending: false, verb: 'cancelled again' },
  cancelNow: { from: ['trialing', 'active', 'paused'], to: 'cancelled', verb: 'cancelled' },
  revoke: { from: LIVE_STATUSES, to: 'cancelled', verb: 'revoked' }, // a cancellation now, reason revoked
  upgrade: { from: ['trialing', 'active'], to: null, ending: false, verb: 'upgraded' },
  endTrial: { from: ['trialing'], to: 'active', verb: 'activated' },
  endScheduled: { from: ['trialing', 'active'], to: 'cancelled', ending: true, verb: 'ended' },
  expire: { from: ['trialing', 'active'], to: 'expired', ending: false, verb: 'expired' },
} as const satisfies Record<string, Move>;
export type MoveName = keyof typeof MOVES;

export const MembershipStatusEnum = enumOf(
  'MembershipStatus',
  MEMBERSHIP_STATUSES,
  'Only trialing and active grant access. Moves: pending → active; trialing → active at the trial end; trialing|active ⇄ paused; trialing|active|paused → cancelled; active|trialing → expired at the period end.',
  {
    pending: 'Created but not yet activated: no access until it becomes active.',
    trialing: 'In its trial: grants access; becomes active at the trial end.',
    active: 'Grants access for the current period.',
    paused: 'On hold: no access; resuming adds the paused time to the period.',
    cancelled: 'Ended by a cancellation: no access; final.',
    expired: 'Ended at a period end without renewal: no access; final.',
  },
);

type Current = { status: string; cancelAtPeriodEnd: boolean };

/** Whether `move` may leave from the membership's state. */
export function allows(m: Current, move: MoveName): boolean {
  const rule: Move = MOVES[move];
  return (
    (rule.from as readonly string[]).includes(m.status) &&
    (rule.ending === undefined || rule.ending === m.cancelAtPeriodEnd)
  );
}

/** The status `move` leads the membership to; 409 member_invalid_transition when the table does not allow it. */
export function next(m: Current, move: MoveName): MembershipStatus {
  const rule: Move = MOVES[move];
  if (!allows(m, move))
    throw invalidTransition(
      m.status,
      rule.verb,
      m.cancelAtPeriodEnd && rule.ending === false ? ' ending at its period end' : '',
    );
  return rule.to ?? (m.status as MembershipStatus);
}

/** Memberships that grant access at `now` (Prisma filter). */
export const grantingWhere = (now: Date): Prisma.MembershipWhereInput => ({
  status: { in: GRANTING_STATUSES },
  OR: [{ currentPeriodEnd: null }, { currentPeriodEnd: { gt: now } }],
});

export const grants = (m: { status: string; currentPeriodEnd: Date | null }, now: Date) =>
  (GRANTING_STATUSES as string[]).includes(m.status) && (m.currentPeriodEnd === null || m.currentPeriodEnd > now);

/** The same rule in set-based SQL, on `member_memberships m`. */
export const grantingSql = (now: Date) =>
  Prisma.sql`m.status = ANY (${GRANTING_STATUSES}::text[]) AND (m.current_period_end IS NULL OR m.current_period_end > ${now})`;

/** The memberships `move` may leave from, in SQL on `member_memberships m` (the sweep's moves). */
export function movableSql(move: MoveName) {
  const rule: Move = MOVES[move];
  const ending = rule.ending === undefined ? Prisma.empty : Prisma.sql` AND m.cancel_at_period_end = ${rule.ending}`;
  return Prisma.sql`m.status = ANY (${rule.from}::text[])${ending}`;
}
