// POST /progress/{lesson_id}: a learner completes a lesson (idempotent). lesson/completed fires when the row flips to
// completed, once. When the last lesson of the course is done, course/completed fires and a certificate is issued
// (certificate/issued) — once, even when the last two lessons are completed at the same time (the enrolment lock).
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { enumOf, id } from '../../../input/vocabulary.ts';
import type { Input } from '../../../platform/validation.ts';
import type { Platform } from '../../../platform/platform.ts';
import { userIdOf, type Principal } from '../../../platform/principal.ts';
import { transaction } from '../../../platform/transaction.ts';
import { releaseAfterPrerequisite } from '../core/access/drip.ts';
import { lessonNotFound } from '../core/errors.ts';
import { courseSummary, lockEnrollment, type CourseSummary } from './enrollment.ts';
import { gate } from './gate.ts';
import { shareCourse, shareLesson } from './locks.ts';
import { visibleLesson } from './outline.ts';

export const ProgressStatus = enumOf(
  'MemberProgressStatus',
  ['completed'],
  'A lesson is completed (the only recorded state).',
  {
    completed: 'The member completed the lesson.',
  },
);
export const ProgressInput = {
  lessonId: id().describe('The lesson completed.'),
  status: ProgressStatus.default('completed'),
};

export interface LessonProgress {
  lessonId: number;
  courseId: number;
  status: 'completed';
  completedAt: Date;
  course: CourseSummary;
}

/** A 192-bit URL-safe token: unguessable, and short enough for a QR code. */
export const certificateToken = () => randomBytes(24).toString('base64url');

export async function completeLesson(
  platform: Platform,
  principal: Principal,
  input: Input<z.ZodObject<typeof ProgressInput>>,
): Promise<LessonProgress> {
  const { lessonId } = z.object(ProgressInput).parse(input);
  const userId = userIdOf(principal);
  const lesson = await platform.prisma.memberLesson.findFirst({
    where: { id: lessonId, ...visibleLesson(false) },
    select: { id: true, courseId: true },
  });
  if (!lesson || userId === null) throw lessonNotFound(lessonId);
  await gate(platform, principal, { type: 'lesson', id: lessonId });

  const result = await transaction(platform, async (tx, after) => {
    // The course and the lesson stay until this commits: a delete racing it sees the progress (409), or goes first.
    if (!(await shareCourse(tx, lesson.courseId)) || !(await shareLesson(tx, lessonId))) throw lessonNotFound(lessonId);
    const now = platform.clock.now();
    const enrollment = await lockEnrollment(tx, userId, lesson.courseId, now);
    const flipped = await tx.$queryRaw<{ completed_at: Date }[]>`
      INSERT INTO member_lesson_progress (user_id, lesson_id, course_id, status, completed_at, created_at)
      VALUES (${userId}, ${lessonId}, ${lesson.courseId}, 'completed', ${now}::timestamp, ${now}::timestamp)
      ON CONFLICT DO NOTHING RETURNING completed_at`;
    if (flipped.length) {
      after.emit('member/lesson/completed', { user_id: userId, lesson_id: lessonId, course_id: lesson.courseId });
      after.run(() => releaseAfterPrerequisite(platform, userId, { type: 'lesson', id: lessonId }));
    }
    const summary = await courseSummary(tx, userId, lesson.courseId);
    let completed = enrollment.completed_at !== null;
    if (!completed && summary.totalLessons > 0 && summary.completedLessons === summary.totalLessons) {
      await tx.memberEnrollment.update({
        where: { userId_courseId: { userId, courseId: lesson.courseId } },
        data: { completedAt: now },
      });
      completed = true;
      after.emit('member/course/completed', { user_id: userId, course_id: lesson.courseId });
      after.run(() => releaseAfterPrerequisite(platform, userId, { type: 'course', id: lesson.courseId }));
      const [best] = await tx.$queryRaw<{ score: number | null }[]>`
        SELECT round(avg(best))::int AS score FROM (
          SELECT max(score) AS best FROM member_quiz_attempts WHERE user_id = ${userId} AND course_id = ${lesson.courseId} GROUP BY quiz_id) b`;
      // Reached once per enrolment (completed_at is set under its lock), so the certificate is issued once.
      const cert = await tx.memberCertificate.create({
        data: {
          userId,
          courseId: lesson.courseId,
          token: certificateToken(),
          issuedAt: now,
          score: best?.score ?? null,
        },
      });
      after.emit('member/certificate/issued', { certificate_id: cert.id, user_id: userId, course_id: lesson.courseId });
    }
    const row = await tx.memberLessonProgress.findUniqueOrThrow({ where: { userId_lessonId: { userId, lessonId } } });
    return {
      lessonId,
      courseId: lesson.courseId,
      status: 'completed' as const,
      completedAt: row.completedAt!,
      course: { ...summary, completed },
    };
  });
  return result;
}
