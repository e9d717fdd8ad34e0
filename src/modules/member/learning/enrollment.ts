// A learner's row in a course. Every write of their progress or attempts in the course first locks it, so two of their
// requests in one course are one after the other: "the last lesson" and "attempts left" are decided on committed facts.
import type { Tx } from '../../../platform/transaction.ts';

export async function lockEnrollment(tx: Tx, userId: number, courseId: number, now: Date) {
  await tx.$executeRaw`INSERT INTO member_enrollments (user_id, course_id, started_at) VALUES (${userId}, ${courseId}, ${now}::timestamp) ON CONFLICT DO NOTHING`;
  const [row] = await tx.$queryRaw<{ completed_at: Date | null }[]>`
    SELECT completed_at FROM member_enrollments WHERE user_id = ${userId} AND course_id = ${courseId} FOR UPDATE`;
  return row!;
}

export interface CourseSummary {
  completedLessons: number;
  totalLessons: number;
  percent: number;
  completed: boolean;
}

export type LessonCounts = Omit<CourseSummary, 'completed'>;

/** Of each course: its published lessons (of published modules), and how many of them each user completed — one
 *  statement for any number of users and courses. Keyed by user id, then course id. */
export async function lessonCountsOf(
  tx: Pick<Tx, '$queryRaw'>,
  userIds: readonly number[],
  courseIds: readonly number[],
): Promise<Map<number, Map<number, LessonCounts>>> {
  const rows = courseIds.length
    ? await tx.$queryRaw<{ user_id: number; course_id: number; total: number; done: number }[]>`
    SELECT u.user_id, l.course_id, count(*)::int AS total, count(p.user_id)::int AS done
    FROM unnest(${[...userIds]}::int[]) AS u (user_id)
    CROSS JOIN member_lessons l JOIN member_modules m ON m.id = l.module_id
    LEFT JOIN member_lesson_progress p ON p.lesson_id = l.id AND p.user_id = u.user_id AND p.status = 'completed'
    WHERE l.course_id = ANY (${[...courseIds]}::int[]) AND l.status = 'published' AND m.status = 'published'
    GROUP BY u.user_id, l.course_id`
    : [];
  const found = new Map(rows.map((r) => [`${r.user_id}:${r.course_id}`, r]));
  return new Map(
    userIds.map((userId) => [
      userId,
      new Map(
        courseIds.map((id) => {
          const { total, done } = found.get(`${userId}:${id}`) ?? { total: 0, done: 0 };
          return [
            id,
            { completedLessons: done, totalLessons: total, percent: total ? Math.floor((100 * done) / total) : 0 },
          ];
        }),
      ),
    ]),
  );
}

/** Of each course, its lesson counts for one user (lessonCountsOf one user). */
export async function courseSummaries(
  tx: Pick<Tx, '$queryRaw'>,
  userId: number,
  courseIds: readonly number[],
): Promise<Map<number, LessonCounts>> {
  return (await lessonCountsOf(tx, [userId], courseIds)).get(userId)!;
}

/** One course's lesson counts for the user (courseSummaries of one). */
export async function courseSummary(
  tx: Pick<Tx, '$queryRaw'>,
  userId: number,
  courseId: number,
): Promise<LessonCounts> {
  return (await courseSummaries(tx, userId, [courseId])).get(courseId)!;
}
