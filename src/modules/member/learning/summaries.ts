// A learner's progress, one row per enrolled course: courses they started (progress or attempts) and courses a rule
// grants them. Constant queries whatever the number of courses.
import type { Platform } from '../../../platform/platform.ts';
import { checkAccessOfMany } from '../core/access/check.ts';
import { lessonCountsOf } from './enrollment.ts';

export interface CourseProgressSummary {
  courseId: number;
  completedLessons: number;
  totalLessons: number;
  percent: number;
  completed: boolean;
}

/** Each learner's enrolled courses, in course id order: courses they started (progress or attempts) and courses a
 *  rule grants them (managers see every course, so a grant says nothing of them). */
async function enrolledCourses(platform: Platform, userIds: readonly number[]) {
  const [enrolled, published, users] = await Promise.all([
    platform.prisma.memberEnrollment.findMany({
      where: { userId: { in: [...userIds] } },
      select: { userId: true, courseId: true, completedAt: true },
    }),
    platform.prisma.memberCourse.findMany({ where: { status: 'published' }, select: { id: true } }),
    platform.prisma.user.findMany({ where: { id: { in: [...userIds] } }, select: { id: true, roles: true } }),
  ]);
  const whos = userIds.map((userId) => {
    const caps = platform.roles.capabilitiesOf(users.find((u) => u.id === userId)?.roles ?? []);
    return { userId, manager: caps.has('member_manage_access') || caps.has('member_manage') };
  });
  const targets = published.map((c) => ({ type: 'course' as const, id: c.id }));
  const access = await checkAccessOfMany(platform, whos, targets);
  return whos.map((who, i) => {
    const own = enrolled.filter((e) => e.userId === who.userId);
    const granted = who.manager ? [] : published.filter((c) => access[i]!.get(`course:${c.id}`)?.reason === 'granted');
    const courseIds = [...new Set([...own.map((e) => e.courseId), ...granted.map((c) => c.id)])].sort((a, b) => a - b);
    return {
      userId: who.userId,
      courseIds,
      completed: new Set(own.filter((e) => e.completedAt).map((e) => e.courseId)),
    };
  });
}

/** Several learners' progress over a window of each one's courses, in the order asked: a constant number of queries
 *  whatever the number of learners and courses (a page of members asks once). */
export async function learnerProgressPages(
  platform: Platform,
  userIds: readonly number[],
  window: { skip: number; take: number },
): Promise<{ rows: CourseProgressSummary[]; total: number }[]> {
  const learners = (await enrolledCourses(platform, userIds)).map((l) => ({
    ...l,
    total: l.courseIds.length,
    courseIds: l.courseIds.slice(window.skip, window.skip + window.take),
  }));
  const courseIds = [...new Set(learners.flatMap((l) => l.courseIds))];
  const counts = await lessonCountsOf(platform.prisma, userIds, courseIds);
  return learners.map((l) => ({
    total: l.total,
    rows: l.courseIds.map((courseId) => ({
      courseId,
      ...counts.get(l.userId)!.get(courseId)!,
      completed: l.completed.has(courseId),
    })),
  }));
}

/** A learner's progress, one row per enrolled course by course id; `window` reads part of the list (its summaries
 *  only), with the list's total. */
export const learnerProgressPage = async (platform: Platform, userId: number, window: { skip: number; take: number }) =>
  (await learnerProgressPages(platform, [userId], window))[0]!;

/** Every course of learners' progress (a page of members, the CLI). */
export const learnerProgressOfMany = async (platform: Platform, userIds: readonly number[]) =>
  (await learnerProgressPages(platform, userIds, { skip: 0, take: Infinity })).map((p) => p.rows);

/** Every course of a learner's progress (the CLI, a member's section). */
export const learnerProgress = async (platform: Platform, userId: number) =>
  (await learnerProgressOfMany(platform, [userId]))[0]!;
