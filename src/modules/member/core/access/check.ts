// The one access service: "may this user see these items now?" answered for a whole list in a constant number of
// queries (ancestors per type, the rules, the user's memberships, prerequisites per type). Rules of a course apply
// to its modules and lessons unless a more specific rule exists: the nearest level that has rules decides, and at a
// level a rule naming the item beats a rule for every item of its type. Any of the deciding rules may grant.
import type { MemberAccessRule } from '../../../../generated/prisma/client.ts';
import type { Platform } from '../../../../platform/platform.ts';
import { userIdOf, type Principal } from '../../../../platform/principal.ts';
import { canMember } from '../capabilities.ts';
import { addDays } from '../service/periods.ts';
import { grants } from '../service/statuses.ts';
import { declaredTargets, targetKey, type Target, type TargetType } from './targets.ts';

export const ACCESS_REASONS = [
  'granted',
  'no_rule',
  'not_logged_in',
  'no_membership',
  'membership_inactive',
  'drip_pending',
  'prerequisite_pending',
] as const;
export type AccessReason = (typeof ACCESS_REASONS)[number];

export interface AccessResult {
  allowed: boolean;
  reason: AccessReason;
  /** The plans that grant the item (the deciding rules' plans; empty: any membership). */
  planIds: number[];
  /** When a drip makes (or made) the item available to this user. */
  availableAt: Date | null;
}

export interface Who {
  userId: number | null;
  /** Managers (member_manage_access or member_manage) see everything. */
  manager: boolean;
}

export const whoIs = (principal: Principal): Who => ({
  userId: userIdOf(principal),
  manager: canMember(principal, 'member_manage_access'),
});

type Membership = { planId: number; status: string; startedAt: Date; currentPeriodEnd: Date | null };
type Outcome = { reason: AccessReason; availableAt: Date | null };

// Of two refusals, the one closer to access is reported (a date to wait for beats "get a membership").
const RANK: Record<AccessReason, number> = {
  granted: 0,
  no_rule: 0,
  drip_pending: 1,
  prerequisite_pending: 2,
  membership_inactive: 3,
  no_membership: 4,
  not_logged_in: 5,
};

async function ancestorsOf(platform: Platform, targets: Target[]): Promise<Map<string, Target[]>> {
  const out = new Map<string, Target[]>();
  const byType = new Map<TargetType, number[]>();
  for (const t of targets) byType.set(t.type, [...(byType.get(t.type) ?? []), t.id]);
  const { ancestry } = declaredTargets(platform);
  await Promise.all(
    [...byType].map(async ([type, ids]) => {
      const resolve = ancestry[type];
      const found = resolve ? await resolve(platform, [...new Set(ids)]) : new Map<number, Target[]>();
      for (const id of ids) out.set(targetKey({ type, id }), found.get(id) ?? []);
    }),
  );
  return out;
}

/** The rules that decide for an item: the nearest level of its chain that has any. */
function decidingRules(chain: Target[], rules: MemberAccessRule[]): MemberAccessRule[] {
  for (const level of chain) {
    const specific = rules.filter((r) => r.targetType === level.type && r.targetId === level.id);
    if (specific.length) return specific;
    const wide = rules.filter((r) => r.targetType === level.type && r.targetId === null);
    if (wide.length) return wide;
  }
  return [];
}

function evaluate(rule: MemberAccessRule, memberships: Membership[], completed: Set<string>, now: Date): Outcome {
  const matching = memberships.filter((m) => rule.planIds.length === 0 || rule.planIds.includes(m.planId));
  const granting = matching.filter((m) => grants(m, now));
  if (!granting.length) return { reason: matching.length ? 'membership_inactive' : 'no_membership', availableAt: null };
  let availableAt: Date | null = null;
  if (rule.dripMethod === 'days_after_start')
    availableAt = new Date(Math.min(...granting.map((m) => addDays(m.startedAt, rule.dripDays ?? 0).getTime())));
  if (rule.dripMethod === 'date') availableAt = rule.dripDate;
  if (availableAt && availableAt > now) return { reason: 'drip_pending', availableAt };
  if (rule.dripMethod === 'after_prerequisite' && !completed.has(`${rule.prerequisiteType}:${rule.prerequisiteId}`))
    return { reason: 'prerequisite_pending', availableAt: null };
  return { reason: 'granted', availableAt };
}

async function completedPrerequisites(
  platform: Platform,
  userId: number,
  rules: MemberAccessRule[],
): Promise<Set<string>> {
  const byType = new Map<string, number[]>();
  for (const r of rules)
    if (r.dripMethod === 'after_prerequisite' && r.prerequisiteType && r.prerequisiteId)
      byType.set(r.prerequisiteType, [...(byType.get(r.prerequisiteType) ?? []), r.prerequisiteId]);
  const done = new Set<string>();
  const { prerequisites } = declaredTargets(platform);
  await Promise.all(
    [...byType].map(async ([type, ids]) => {
      const resolve = prerequisites[type as TargetType]; // a rule's prerequisite_type is a TargetTypeEnum value
      if (resolve) for (const id of await resolve(platform, userId, [...new Set(ids)])) done.add(`${type}:${id}`);
    }),
  );
  return done;
}

export interface CheckOptions {
  /** Fire member/access/denied for each refused item (a gate blocking a read; not for a mere question). */
  emitDenied?: boolean;
}

/** The same items for several users (a page of members' progress): the ancestors and the rules are read once and
 *  every user's memberships in one query; prerequisites per user, only when a deciding rule has one. */
export async function checkAccessOfMany(
  platform: Platform,
  whos: readonly Who[],
  targets: Target[],
): Promise<Map<string, AccessResult>[]> {
  if (!targets.length) return whos.map(() => new Map());
  const now = platform.clock.now();
  const ancestors = await ancestorsOf(platform, targets);
  const chains = new Map(targets.map((t) => [targetKey(t), [t, ...(ancestors.get(targetKey(t)) ?? [])]]));
  const levels = [...new Map([...chains.values()].flat().map((t) => [targetKey(t), t])).values()];
  const members = [...new Set(whos.filter((w) => w.userId !== null && !w.manager).map((w) => w.userId!))];
  const [rules, memberships] = await Promise.all([
    platform.prisma.memberAccessRule.findMany({
      where: {
        OR: [
          { targetId: null, targetType: { in: [...new Set(levels.map((l) => l.type))] } },
          ...[...new Set(levels.map((l) => l.type))].map((type) => ({
            targetType: type,
            targetId: { in: levels.filter((l) => l.type === type).map((l) => l.id) },
          })),
        ],
      },
      orderBy: { id: 'asc' },
    }),
    members.length
      ? platform.prisma.membership.findMany({
          where: { userId: { in: members } },
          select: { userId: true, planId: true, status: true, startedAt: true, currentPeriodEnd: true },
        })
      : Promise.resolve([]),
  ]);
  const deciding = new Map([...chains].map(([key, chain]) => [key, decidingRules(chain, rules)]));
  const decidingAll = [...deciding.values()].flat();
  return Promise.all(
    whos.map(async (who) => {
      const mine = who.userId !== null && !who.manager;
      const completed = mine ? await completedPrerequisites(platform, who.userId!, decidingAll) : new Set<string>();
      const held = mine ? memberships.filter((m) => m.userId === who.userId) : [];
      return new Map([...deciding].map(([key, rulesOf]) => [key, decide(who, rulesOf, held, completed, now)]));
    }),
  );
}

function decide(
  who: Who,
  decidingRulesOf: MemberAccessRule[],
  memberships: Membership[],
  completed: Set<string>,
  now: Date,
): AccessResult {
  const planIds = [...new Set(decidingRulesOf.flatMap((r) => r.planIds))].sort((a, b) => a - b);
  let outcome: Outcome;
  if (who.manager) outcome = { reason: 'granted', availableAt: null };
  else if (who.userId === null) outcome = { reason: 'not_logged_in', availableAt: null };
  else if (!decidingRulesOf.length) outcome = { reason: 'no_rule', availableAt: null };
  else {
    const outcomes = decidingRulesOf.map((r) => evaluate(r, memberships, completed, now));
    const granted = outcomes.filter((o) => o.reason === 'granted');
    outcome = granted.length
      ? {
          reason: 'granted',
          availableAt: granted.some((o) => !o.availableAt)
            ? null
            : new Date(Math.min(...granted.map((o) => o.availableAt!.getTime()))),
        }
      : outcomes.sort(
          (a, b) =>
            RANK[a.reason] - RANK[b.reason] || (a.availableAt?.getTime() ?? 0) - (b.availableAt?.getTime() ?? 0),
        )[0]!;
  }
  return { allowed: outcome.reason === 'granted' || outcome.reason === 'no_rule', planIds, ...outcome };
}

export async function checkAccess(
  platform: Platform,
  who: Who,
  targets: Target[],
  options: CheckOptions = {},
): Promise<Map<string, AccessResult>> {
  const results = (await checkAccessOfMany(platform, [who], targets))[0]!;
  if (options.emitDenied) {
    for (const t of targets) {
      const r = results.get(targetKey(t))!;
      if (!r.allowed)
        await platform.events.emit('member/access/denied', {
          user_id: who.userId,
          target_type: t.type,
          target_id: t.id,
          reason: r.reason,
        });
    }
  }
  return results;
}
