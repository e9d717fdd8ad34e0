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

/** Published lessons of published modules of a course, and how many of them the user completed. */
export async function courseSummary(tx: Pick<Tx, '$queryRaw'>, userId: number, courseId: number): Promise<Omit<CourseSummary, 'completed'>> {
  const [row] = await tx.$queryRaw<{ total: number; done: number }[]>`
    SELECT count(*)::int AS total, count(p.user_id)::int AS done
    FROM member_lessons l JOIN member_modules m ON m.id = l.module_id
    LEFT JOIN member_lesson_progress p ON p.lesson_id = l.id AND p.user_id = ${userId} AND p.status = 'completed'
    WHERE l.course_id = ${courseId} AND l.status = 'published' AND m.status = 'published'`;
  const { total, done } = row!;
  return { completedLessons: done, totalLessons: total, percent: total ? Math.floor((100 * done) / total) : 0 };
}
