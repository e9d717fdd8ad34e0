// POST /access/check: the access service asked about one item, for the caller or (member_manage_access) a user.
import { id } from '../../../../input/vocabulary.ts';
import type { Platform } from '../../../../platform/platform.ts';
import type { Principal } from '../../../../platform/principal.ts';
import { canMember } from '../capabilities.ts';
import { userNotFound } from '../errors.ts';
import { refusal } from '../../../../platform/refusal.ts';
import { checkAccess, whoIs, type AccessResult } from './check.ts';
import { targetKey, TargetTypeEnum, type TargetType } from './targets.ts';

export const AccessCheckInput = {
  targetType: TargetTypeEnum,
  targetId: id().describe('Id of the item of targetType.'),
  userId: id().optional().describe('Another user (member_manage_access); default the caller.'),
};

export async function checkAccessFor(
  platform: Platform,
  principal: Principal,
  args: { targetType: TargetType; targetId: number; userId?: number | null },
): Promise<AccessResult> {
  let who = whoIs(principal);
  if (args.userId) {
    if (!canMember(principal, 'member_manage_access')) throw refusal(principal);
    const user = await platform.prisma.user.findUnique({ where: { id: args.userId }, select: { roles: true } });
    if (!user) throw userNotFound(args.userId);
    const caps = platform.roles.capabilitiesOf(user.roles);
    who = { userId: args.userId, manager: caps.has('member_manage_access') || caps.has('member_manage') };
  }
  const target = { type: args.targetType, id: args.targetId };
  return (await checkAccess(platform, who, [target])).get(targetKey(target))!;
}
