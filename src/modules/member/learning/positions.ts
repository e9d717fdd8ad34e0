// The ordered sets of the outline (service/positions.ts says how positions behave): the courses (an advisory lock),
// a course's modules and a module's lessons (the parent's row, FOR NO KEY UPDATE: writers of the set wait for each
// other, while foreign-key checks of rows pointing at the parent, which take KEY SHARE, go on).
import type { Tx } from '../../../platform/transaction.ts';
import { lockNamed, type SiblingSet } from '../core/service/positions.ts';

export const courses: SiblingSet = {
  lock: (tx) => lockNamed(tx, 'member_courses.position'),
  last: async (tx) => (await tx.memberCourse.aggregate({ _max: { position: true } }))._max.position ?? 0,
  shift: (tx, from, to, by) =>
    tx.memberCourse.updateMany({ where: { position: { gte: from, lte: to } }, data: { position: { increment: by } } }),
};

export const modulesOf = (courseId: number): SiblingSet => ({
  lock: async (tx: Tx) =>
    (await tx.$queryRaw<unknown[]>`SELECT 1 FROM member_courses WHERE id = ${courseId} FOR NO KEY UPDATE`).length > 0,
  last: async (tx) =>
    (await tx.memberModule.aggregate({ where: { courseId }, _max: { position: true } }))._max.position ?? 0,
  shift: (tx, from, to, by) =>
    tx.memberModule.updateMany({
      where: { courseId, position: { gte: from, lte: to } },
      data: { position: { increment: by } },
    }),
});

export const lessonsOf = (moduleId: number): SiblingSet => ({
  lock: async (tx: Tx) =>
    (await tx.$queryRaw<unknown[]>`SELECT 1 FROM member_modules WHERE id = ${moduleId} FOR NO KEY UPDATE`).length > 0,
  last: async (tx) =>
    (await tx.memberLesson.aggregate({ where: { moduleId }, _max: { position: true } }))._max.position ?? 0,
  shift: (tx, from, to, by) =>
    tx.memberLesson.updateMany({
      where: { moduleId, position: { gte: from, lte: to } },
      data: { position: { increment: by } },
    }),
});
