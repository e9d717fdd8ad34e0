// Deleting outline items. An item learners started keeps its history: once they have progress or attempts in it, a
// delete is 409 (unpublish it instead). Decided under locks (locks.ts): the delete holds the rows it removes, so a
// learner's write racing it either committed first and is seen, or waits and then finds the item gone (404) — never
// both done. A deleted item's siblings close the gap (service/positions.ts).
import type { Prisma } from '../../../generated/prisma/client.ts';
import type { Platform } from '../../../platform/platform.ts';
import { transaction, type Tx } from '../../../platform/transaction.ts';
import { courseNotFound, lessonNotFound, memberConflict, moduleNotFound, quizNotFound } from '../core/errors.ts';
import { closeGap } from '../core/service/positions.ts';
import { shareCourse, takeCourse, takeLesson, takeModule, takeQuiz } from './locks.ts';
import { courses, lessonsOf, modulesOf } from './positions.ts';

type History = { progress?: Prisma.MemberLessonProgressWhereInput; attempts: Prisma.MemberQuizAttemptWhereInput };

async function refuseIfStarted(tx: Tx, what: string, { progress, attempts }: History) {
  const started =
    (progress && (await tx.memberLessonProgress.findFirst({ where: progress, select: { userId: true } }))) ??
    (await tx.memberQuizAttempt.findFirst({ where: attempts, select: { id: true } }));
  if (started)
    throw memberConflict(`Learners have progress in this ${what}: unpublish it (status draft) instead of deleting it.`);
}

export async function deleteCourse(platform: Platform, courseId: number) {
  return transaction(platform, async (tx) => {
    await courses.lock(tx);
    const row = await takeCourse(tx, courseId);
    if (!row) throw courseNotFound(courseId);
    await refuseIfStarted(tx, 'course', { progress: { courseId }, attempts: { courseId } });
    await tx.memberCourse.delete({ where: { id: courseId } });
    await closeGap(tx, courses, row.position);
  });
}

/** A module's lessons and quizzes go with it. */
export async function deleteModule(platform: Platform, moduleId: number) {
  const parent = await platform.prisma.memberModule.findUnique({ where: { id: moduleId }, select: { courseId: true } });
  if (!parent) throw moduleNotFound(moduleId);
  return transaction(platform, async (tx) => {
    const siblings = modulesOf(parent.courseId);
    const row = (await siblings.lock(tx)) && (await takeModule(tx, moduleId));
    if (!row) throw moduleNotFound(moduleId);
    await refuseIfStarted(tx, 'module', {
      progress: { lesson: { moduleId } },
      attempts: { quiz: { lesson: { moduleId } } },
    });
    await tx.memberModule.delete({ where: { id: moduleId } });
    await closeGap(tx, siblings, row.position);
  });
}

export async function deleteLesson(platform: Platform, lessonId: number) {
  const parent = await platform.prisma.memberLesson.findUnique({
    where: { id: lessonId },
    select: { courseId: true, moduleId: true },
  });
  if (!parent) throw lessonNotFound(lessonId);
  return transaction(platform, async (tx) => {
    const siblings = lessonsOf(parent.moduleId);
    const row =
      (await shareCourse(tx, parent.courseId)) && (await siblings.lock(tx)) && (await takeLesson(tx, lessonId));
    if (!row) throw lessonNotFound(lessonId);
    await refuseIfStarted(tx, 'lesson', { progress: { lessonId }, attempts: { quiz: { lessonId } } });
    await tx.memberLesson.delete({ where: { id: lessonId } });
    await closeGap(tx, siblings, row.position);
  });
}

export async function deleteQuiz(platform: Platform, quizId: number) {
  const quiz = await platform.prisma.memberQuiz.findUnique({ where: { id: quizId }, select: { courseId: true } });
  if (!quiz) throw quizNotFound(quizId);
  return transaction(platform, async (tx) => {
    if (!(await shareCourse(tx, quiz.courseId)) || !(await takeQuiz(tx, quizId))) throw quizNotFound(quizId);
    await refuseIfStarted(tx, 'quiz', { attempts: { quizId } });
    await tx.memberQuiz.delete({ where: { id: quizId } });
  });
}
