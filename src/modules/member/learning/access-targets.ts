// What the learning part tells the core's access service of its items (MemberPart.access): where modules, lessons
// and quizzes sit (a course rule covers them), and which lessons, courses and quizzes a learner has completed (drip
// after_prerequisite). One query per type and list of ids.
import type { AccessTargets, Target } from '../core/access/targets.ts';

export const learningTargets: AccessTargets = {
  ancestry: {
    module: async ({ prisma }, ids) => {
      const rows = await prisma.memberModule.findMany({
        where: { id: { in: ids } },
        select: { id: true, courseId: true },
      });
      return new Map(rows.map((m) => [m.id, [{ type: 'course', id: m.courseId }] as Target[]]));
    },
    lesson: async ({ prisma }, ids) => {
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
    },
    quiz: async ({ prisma }, ids) => {
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
    },
  },
  prerequisites: {
    lesson: async ({ prisma }, userId, ids) => {
      const rows = await prisma.memberLessonProgress.findMany({
        where: { userId, lessonId: { in: ids }, status: 'completed' },
        select: { lessonId: true },
      });
      return new Set(rows.map((r) => r.lessonId));
    },
    course: async ({ prisma }, userId, ids) => {
      const rows = await prisma.memberEnrollment.findMany({
        where: { userId, courseId: { in: ids }, completedAt: { not: null } },
        select: { courseId: true },
      });
      return new Set(rows.map((r) => r.courseId));
    },
    quiz: async ({ prisma }, userId, ids) => {
      const rows = await prisma.memberQuizAttempt.findMany({
        where: { userId, quizId: { in: ids }, passed: true },
        select: { quizId: true },
        distinct: ['quizId'],
      });
      return new Set(rows.map((r) => r.quizId));
    },
  },
};
