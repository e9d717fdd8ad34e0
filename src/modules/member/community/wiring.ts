// What the community part wires at start-up: the badges of GET /members/{id}, and the default automatic badges
// (the badge listeners are durable: Module.listeners).
import type { Platform } from '../../../platform/platform.ts';
import { provideMemberSection } from '../core/service/sections.ts';
import { ensureDefaultBadges } from './badges.ts';

export function wireCommunity(platform: Platform): void {
  provideMemberSection(platform, 'badges', async (userId) => {
    const awards = await platform.prisma.memberBadgeAward.findMany({
      where: { userId },
      include: { badge: true },
      orderBy: { awardedAt: 'asc' },
    });
    return awards.map((a) => ({ badgeId: a.badgeId, name: a.badge.name, slug: a.badge.slug, awardedAt: a.awardedAt }));
  });
}

export const startCommunity = (platform: Platform) => ensureDefaultBadges(platform);
