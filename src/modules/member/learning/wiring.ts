// What the learning part tells the rest of the module at start-up: where its items sit (the access service's
// inheritance), which prerequisites a learner has completed (drip after_prerequisite), and members' progress.
import type { Platform } from '../../../platform/platform.ts';
import { registerAncestry, registerPrerequisite, type Target } from '../core/access/targets.ts';
import { provideMemberSection } from '../core/service/sections.ts';
import { learnerProgressPage } from './summaries.ts';

export function wireLearning(platform: Platform): void {
  const { prisma } = platform;
  registerAncestry(platform, 'module', async (ids) => {
    const rows = await prisma.memberModule.findMany({
      where: { id: { in: ids } },
      select: { id: true, courseId: true },
    });
    return new Map(rows.map((m) => [m.id, [{ type: 'course', id: m.courseId }] as Target[]]));
  });
  registerAncestry(platform, 'lesson', async (ids) => {
    const rows = await prisma.memberLesson.findMany({
      where: { id: { in: ids } },
      select: { id: true, moduleId: true, courseId: true },
    });
    return new Map(
      rows.map((l) => [
        l.id,
        [
          { type: 'module', id: l.moduleId },
          { type: 'course', id: l.courseId },
        ] as Target[],
      ]),
    );
  });
  registerAncestry(platform, 'quiz', async (ids) => {
    const rows = await prisma.memberQuiz.findMany({
      where: { id: { in: ids } },
      select: { id: true, lessonId: true, courseId: true, lesson: { select: { moduleId: true } } },
    });
    return new Map(
      rows.map((q) => [
        q.id,
        [
          { type: 'lesson', id: q.lessonId },
          { type: 'module', id: q.lesson.moduleId },
          { type: 'course', id: q.courseId },
        ] as Target[],
      ]),
    );
  });
  registerPrerequisite(platform, 'lesson', async (userId, ids) => {
    const rows = await prisma.memberLessonProgress.findMany({
      where: { userId, lessonId: { in: ids }, status: 'completed' },
      select: { lessonId: true },
    });
    return new Set(rows.map((r) => r.lessonId));
  });
  registerPrerequisite(platform, 'course', async (userId, ids) => {
    const rows = await prisma.memberEnrollment.findMany({
      where: { userId, courseId: { in: ids }, completedAt: { not: null } },
      select: { courseId: true },
    });
    return new Set(rows.map((r) => r.courseId));
  });
  registerPrerequisite(platform, 'quiz', async (userId, ids) => {
    const rows = await prisma.memberQuizAttempt.findMany({
      where: { userId, quizId: { in: ids }, passed: true },
      select: { quizId: true },
      distinct: ['quizId'],
    });
    return new Set(rows.map((r) => r.quizId));
  });
  provideMemberSection(platform, 'progress', (userId, window = { skip: 0, take: Infinity }) =>
    learnerProgressPage(platform, userId, window),
  );
}
