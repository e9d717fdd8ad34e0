// What the community part shows of a member to member managers: the Member type's `badges` (Pothos objectField on
// the core's type, so the core knows no part), on GET /members/{id} too.
import { schemaPart } from '../../../../graphql/builder.ts';
import type { Platform } from '../../../../platform/platform.ts';
import { selectOn } from '../../../../rest/binding.ts';
import { memberType } from '../../core/graphql/types/member.ts';
import { badgeHeldType, type BadgeHeld } from './types/badge-held.ts';

/** Each member's badges, oldest award first, in the order asked: one read for a page of members. */
async function badgesHeld(platform: Platform, userIds: readonly number[]): Promise<BadgeHeld[][]> {
  const awards = await platform.prisma.memberBadgeAward.findMany({
    where: { userId: { in: [...userIds] } },
    include: { badge: true },
    orderBy: [{ awardedAt: 'asc' }, { badgeId: 'asc' }],
  });
  const held = new Map(userIds.map((id) => [id, [] as BadgeHeld[]]));
  for (const a of awards)
    held.get(a.userId)!.push({ badgeId: a.badgeId, name: a.badge.name, slug: a.badge.slug, awardedAt: a.awardedAt });
  return userIds.map((id) => held.get(id)!);
}

export const memberBadgesSchema = schemaPart((builder) => {
  const BadgeHeldRef = badgeHeldType(builder);
  builder.objectField(memberType(builder), 'badges', (t) =>
    t.loadableList({
      type: BadgeHeldRef,
      description: 'Badges awarded (the community part).',
      load: (ids: number[], ctx) => badgesHeld(ctx.platform, ids),
      resolve: (u) => u.id,
    }),
  );
  selectOn(
    builder,
    'Query.member',
    'GET /member/v1/members/:id',
    'badges { badge_id: badgeId name slug awarded_at: awardedAt }',
  );
});
