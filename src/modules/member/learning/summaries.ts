// A learner's progress, one row per enrolled course: courses they started (progress or attempts) and courses a rule
// grants them. Constant queries whatever the number of courses.
import type { Platform } from '../../../platform/platform.ts';
import { checkAccess } from '../access/check.ts';
import type { CourseProgressSummary } from '../service/sections.ts';

export async function learnerProgress(platform: Platform, userId: number): Promise<CourseProgressSummary[]> {
  const [enrolled, published, user] = await Promise.all([
    platform.prisma.memberEnrollment.findMany({ where: { userId }, select: { courseId: true, completedAt: true } }),
    platform.prisma.memberCourse.findMany({ where: { status: 'published' }, select: { id: true } }),
    platform.prisma.user.findUnique({ where: { id: userId }, select: { roles: true } }),
  ]);
  const caps = platform.roles.capabilitiesOf(user?.roles ?? []);
  const manager = caps.has('member_manage_access') || caps.has('member_manage');
  const access = await checkAccess(platform, { userId, manager }, published.map((c) => ({ type: 'course' as const, id: c.id })));
  const granted = published.filter((c) => access.get(`course:${c.id}`)?.reason === 'granted' && !manager).map((c) => c.id);
  const courseIds = [...new Set([...enrolled.map((e) => e.courseId), ...granted])].sort((a, b) => a - b);
  if (!courseIds.length) return [];
  const counts = await platform.prisma.$queryRaw<{ course_id: number; total: number; done: number }[]>`
    SELECT l.course_id, count(*)::int AS total, count(p.user_id)::int AS done
    FROM member_lessons l JOIN member_modules m ON m.id = l.module_id
    LEFT JOIN member_lesson_progress p ON p.lesson_id = l.id AND p.user_id = ${userId} AND p.status = 'completed'
    WHERE l.course_id = ANY (${courseIds}::int[]) AND l.status = 'published' AND m.status = 'published'
    GROUP BY l.course_id`;
  return courseIds.map((courseId) => {
    const c = counts.find((r) => r.course_id === courseId) ?? { total: 0, done: 0 };
    return {
      courseId,
      completedLessons: c.done,
      totalLessons: c.total,
      percent: c.total ? Math.floor((100 * c.done) / c.total) : 0,
      completed: enrolled.some((e) => e.courseId === courseId && e.completedAt !== null),
    };
  });
}
