// A learner's progress, one row per enrolled course: courses they started (progress or attempts) and courses a rule
// grants them. Constant queries whatever the number of courses.
import type { Platform } from '../../../platform/platform.ts';
import { checkAccess } from '../core/access/check.ts';
import { courseSummaries } from './enrollment.ts';
import type { CourseProgressSummary } from '../core/service/sections.ts';

/** A learner's progress, one row per enrolled course (started, or granted by a rule) by course id; `window` reads
 *  part of the list (its summaries only), with the list's total. */
export async function learnerProgressPage(
  platform: Platform,
  userId: number,
  window: { skip: number; take: number },
): Promise<{ rows: CourseProgressSummary[]; total: number }> {
  const [enrolled, published, user] = await Promise.all([
    platform.prisma.memberEnrollment.findMany({ where: { userId }, select: { courseId: true, completedAt: true } }),
    platform.prisma.memberCourse.findMany({ where: { status: 'published' }, select: { id: true } }),
    platform.prisma.user.findUnique({ where: { id: userId }, select: { roles: true } }),
  ]);
  const caps = platform.roles.capabilitiesOf(user?.roles ?? []);
  const manager = caps.has('member_manage_access') || caps.has('member_manage');
  const access = await checkAccess(
    platform,
    { userId, manager },
    published.map((c) => ({ type: 'course' as const, id: c.id })),
  );
  const granted = published
    .filter((c) => access.get(`course:${c.id}`)?.reason === 'granted' && !manager)
    .map((c) => c.id);
  const all = [...new Set([...enrolled.map((e) => e.courseId), ...granted])].sort((a, b) => a - b);
  const courseIds = all.slice(window.skip, window.skip + window.take);
  if (!courseIds.length) return { rows: [], total: all.length };
  const counts = await courseSummaries(platform.prisma, userId, courseIds);
  const rows = courseIds.map((courseId) => ({
    courseId,
    ...counts.get(courseId)!,
    completed: enrolled.some((e) => e.courseId === courseId && e.completedAt !== null),
  }));
  return { rows, total: all.length };
}

/** Every course of a learner's progress (the CLI, a member's section). */
export const learnerProgress = async (platform: Platform, userId: number) =>
  (await learnerProgressPage(platform, userId, { skip: 0, take: Infinity })).rows;
