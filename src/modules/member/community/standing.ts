// A member's standing in the community: managers and moderators (who see everything and are never held), and
// suspension (no posting, reacting or messaging until it ends).
import type { Platform } from '../../../platform/platform.ts';
import { userIdOf, type Principal } from '../../../platform/principal.ts';
import { refusal } from '../../../platform/refusal.ts';
import { canMember } from '../core/capabilities.ts';
import { memberForbidden } from '../core/errors.ts';

export const isCommunityManager = (p: Principal) =>
  canMember(p, 'member_manage_community') || canMember(p, 'member_moderate_community');

/** The logged-in caller's id, if they may write in the community now (else 401, or 403 member_forbidden when suspended). */
export async function activeWriter(platform: Platform, principal: Principal): Promise<number> {
  const userId = userIdOf(principal);
  if (userId === null) throw refusal(principal, { anonymous: 'rest_not_logged_in' });
  const profile = await platform.prisma.memberProfile.findUnique({
    where: { userId },
    select: { suspendedUntil: true },
  });
  if (profile?.suspendedUntil && profile.suspendedUntil > platform.clock.now()) {
    throw memberForbidden(
      `You are suspended from the community until ${profile.suspendedUntil.toISOString().replace('.000', '')}.`,
    );
  }
  return userId;
}
