// Who sees which space (membership.md): public spaces everyone; members spaces callers with an active membership —
// of any plan, or of the plans of the space's access rule when it has one (the core's access service decides then);
// community managers and moderators all. Answered for a list of spaces in a constant number of queries.
import type { Platform } from '../../../platform/platform.ts';
import { userIdOf, type Principal } from '../../../platform/principal.ts';
import { refusal } from '../../../platform/refusal.ts';
import { checkAccess, whoIs } from '../core/access/check.ts';
import { memberForbidden, notFoundSpace } from '../core/errors.ts';
import { grantingWhere } from '../core/service/statuses.ts';
import { isCommunityManager } from './standing.ts';

export type SpaceVerdict = { visible: true } | { visible: false; reason: string };

export async function spaceVerdicts(
  platform: Platform,
  principal: Principal,
  spaces: { id: number; visibility: string }[],
): Promise<Map<number, SpaceVerdict>> {
  const out = new Map<number, SpaceVerdict>();
  const gated = spaces.filter((s) => s.visibility !== 'public');
  for (const s of spaces) if (s.visibility === 'public') out.set(s.id, { visible: true });
  if (!gated.length) return out;
  if (isCommunityManager(principal)) {
    for (const s of gated) out.set(s.id, { visible: true });
    return out;
  }
  const userId = userIdOf(principal);
  if (userId === null) {
    for (const s of gated) out.set(s.id, { visible: false, reason: 'not_logged_in' });
    return out;
  }
  const ids = gated.map((s) => s.id);
  const [ruled, member, access] = await Promise.all([
    platform.prisma.memberAccessRule.findMany({
      where: { targetType: 'space', OR: [{ targetId: { in: ids } }, { targetId: null }] },
      select: { targetId: true },
    }),
    platform.prisma.membership.findFirst({
      where: { userId, ...grantingWhere(platform.clock.now()) },
      select: { id: true },
    }),
    checkAccess(
      platform,
      whoIs(principal),
      gated.map((s) => ({ type: 'space' as const, id: s.id })),
    ),
  ]);
  const everySpaceRuled = ruled.some((r) => r.targetId === null);
  for (const s of gated) {
    const hasRule = everySpaceRuled || ruled.some((r) => r.targetId === s.id);
    const result = access.get(`space:${s.id}`)!;
    if (hasRule) out.set(s.id, result.allowed ? { visible: true } : { visible: false, reason: result.reason });
    else out.set(s.id, member ? { visible: true } : { visible: false, reason: 'no_membership' });
  }
  return out;
}

/** The space, if the caller may see it: 404 when it does not exist, 401/403 when it is not for them. */
export async function visibleSpace(platform: Platform, principal: Principal, spaceId: number) {
  const space = await platform.prisma.memberSpace.findUnique({ where: { id: spaceId } });
  if (!space) throw notFoundSpace(spaceId);
  const verdict = (await spaceVerdicts(platform, principal, [space])).get(space.id)!;
  if (verdict.visible) return space;
  if (principal.kind === 'anonymous') throw refusal(principal, { anonymous: 'rest_not_logged_in' });
  throw Object.assign(memberForbidden(`This space is for members (${verdict.reason}).`), {});
}

/** Ids of every space the caller sees. */
export async function visibleSpaceIds(platform: Platform, principal: Principal): Promise<number[]> {
  const spaces = await platform.prisma.memberSpace.findMany({ select: { id: true, visibility: true } });
  const verdicts = await spaceVerdicts(platform, principal, spaces);
  return spaces.filter((s) => verdicts.get(s.id)?.visible).map((s) => s.id);
}
