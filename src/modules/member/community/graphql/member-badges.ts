// What the community part shows of a member to member managers: the Member type's `badges` (Pothos objectField on
// the core's type, so the core knows no part), on GET /members/{id} too.
import { schemaPart } from '../../../../graphql/builder.ts';
import type { Platform } from '../../../../platform/platform.ts';
import { selectOn } from '../../../../rest/binding.ts';
import { memberType } from '../../core/graphql/types/member.ts';
import { badgeHeldType, type BadgeHeld } from './types/badge-held.ts';

/** The member's badges, oldest award first. */
async function badgesHeld(platform: Platform, userId: number): Promise<BadgeHeld[]> {
  const awards = await platform.prisma.memberBadgeAward.findMany({
    where: { userId },
    include: { badge: true },
    orderBy: { awardedAt: 'asc' },
  });
  return awards.map((a) => ({ badgeId: a.badgeId, name: a.badge.name, slug: a.badge.slug, awardedAt: a.awardedAt }));
}

export const memberBadgesSchema = schemaPart((builder) => {
  const BadgeHeldRef = badgeHeldType(builder);
  builder.objectField(memberType(builder), 'badges', (t) =>
    t.field({
      type: [BadgeHeldRef],
      description: 'Badges awarded (the community part).',
      resolve: (u, _a, ctx) => badgesHeld(ctx.platform, u.id),
    }),
  );
  selectOn(
    builder,
    'Query.member',
    'GET /member/v1/members/:id',
    'badges { badge_id: badgeId name slug awarded_at: awardedAt }',
  );
});
