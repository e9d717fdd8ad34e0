// The outline's row locks, always taken top-down — the course's row, then a module's, a lesson's, a quiz's — so no
// two writers wait for each other in a circle. A learner's write (progress, an attempt) holds the course, the lesson
// and the quiz FOR KEY SHARE until it commits; a delete takes the rows it removes FOR UPDATE and only then looks for
// learners' history: either the write committed first and the delete sees it (409), or the delete did and the write
// finds nothing (404). ON DELETE RESTRICT from progress and attempts backs this up in the database.
import type { Tx } from '../../../platform/transaction.ts';

const found = (rows: unknown[]) => rows.length > 0;

/** A learner's or an author's write below the course: the course stays until it commits. */
export const shareCourse = async (tx: Tx, courseId: number) =>
  found(await tx.$queryRaw<unknown[]>`SELECT 1 FROM member_courses WHERE id = ${courseId} FOR KEY SHARE`);

export const shareLesson = async (tx: Tx, lessonId: number) =>
  found(await tx.$queryRaw<unknown[]>`SELECT 1 FROM member_lessons WHERE id = ${lessonId} FOR KEY SHARE`);

export const shareQuiz = async (tx: Tx, quizId: number) =>
  found(await tx.$queryRaw<unknown[]>`SELECT 1 FROM member_quizzes WHERE id = ${quizId} FOR KEY SHARE`);

/** The rows a delete removes, with their position (null: gone). */
export const takeCourse = async (tx: Tx, id: number) =>
  (await tx.$queryRaw<{ position: number }[]>`SELECT position FROM member_courses WHERE id = ${id} FOR UPDATE`)[0] ??
  null;

/** A module and every lesson in it (learners hold lessons, not modules). */
export async function takeModule(tx: Tx, id: number) {
  const [row] = await tx.$queryRaw<
    { position: number }[]
  >`SELECT position FROM member_modules WHERE id = ${id} FOR UPDATE`;
  if (row) await tx.$queryRaw`SELECT 1 FROM member_lessons WHERE module_id = ${id} FOR UPDATE`;
  return row ?? null;
}

export const takeLesson = async (tx: Tx, id: number) =>
  (await tx.$queryRaw<{ position: number }[]>`SELECT position FROM member_lessons WHERE id = ${id} FOR UPDATE`)[0] ??
  null;

export const takeQuiz = async (tx: Tx, id: number) =>
  found(await tx.$queryRaw<unknown[]>`SELECT 1 FROM member_quizzes WHERE id = ${id} FOR UPDATE`);
