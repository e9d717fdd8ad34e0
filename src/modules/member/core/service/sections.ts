// What other parts of the module add to a member (GET /members/{id}: progress, badges, health, and the routes
// /members/{id}/progress and /health). Each is a provider the learning, community and insight parts register; until
// then the answer is well-formed and empty, so the shapes clients see are final now.
import type { Platform } from '../../../../platform/platform.ts';

export interface CourseProgressSummary {
  courseId: number;
  completedLessons: number;
  totalLessons: number;
  percent: number;
  completed: boolean;
}

export interface MemberBadge {
  badgeId: number;
  name: string;
  slug: string;
  awardedAt: Date;
}

export interface HealthFactor {
  name: string;
  value: number;
  weight: number;
}

export interface MemberHealth {
  score: number | null;
  band: 'healthy' | 'at_risk' | 'critical' | null;
  factors: HealthFactor[];
  computedAt: Date | null;
}

/** Part of a list, with the list's total. */
export type ListWindow = { skip: number; take: number };

export interface MemberSections {
  /** Every course's progress, or the `window` of them. */
  progress(userId: number, window?: ListWindow): Promise<{ rows: CourseProgressSummary[]; total: number }>;
  badges(userId: number): Promise<MemberBadge[]>;
  health(userId: number): Promise<MemberHealth>;
}

const EMPTY: MemberSections = {
  progress: async () => ({ rows: [], total: 0 }),
  badges: async () => [],
  health: async () => ({ score: null, band: null, factors: [], computedAt: null }),
};

const providers = new WeakMap<Platform, MemberSections>();

export const memberSections = (platform: Platform): MemberSections => providers.get(platform) ?? EMPTY;

/** A part provides one section (learning: progress; community: badges; insight: health). */
export function provideMemberSection<K extends keyof MemberSections>(
  platform: Platform,
  key: K,
  provider: MemberSections[K],
) {
  providers.set(platform, { ...memberSections(platform), [key]: provider });
}
