// A learner's progress, one row per enrolled course: courses they started (progress or attempts) and courses a rule
// grants them. Constant queries whatever the number of courses.
import type { Platform } from '../../../platform/platform.ts';
import { checkAccess } from '../core/access/check.ts';
import { courseSummaries } from './enrollment.ts';

export interface CourseProgressSummary {
  courseId: number;
  completedLessons: number;
  totalLessons: number;
  percent: number;
  completed: boolean;
}

export async function learnerProgress(platform: Platform, userId: number): Promise<CourseProgressSummary[]> {
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
  const courseIds = [...new Set([...enrolled.map((e) => e.courseId), ...granted])].sort((a, b) => a - b);
  if (!courseIds.length) return [];
  const counts = await courseSummaries(platform.prisma, userId, courseIds);
  return courseIds.map((courseId) => ({
    courseId,
    ...counts.get(courseId)!,
    completed: enrolled.some((e) => e.courseId === courseId && e.completedAt !== null),
  }));
}
