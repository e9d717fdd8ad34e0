// Quizzes: one per lesson; questions hold their correct answers, which only course managers ever see. Option ids
// are the author's short strings ("a", "b"…), unique within a question, so answers can name them; question ids are
// numbered by the server (1, 2, …) in the order given.
import { z } from 'zod';
import { isUniqueViolation } from '../../../platform/database-errors.ts';
import { parseDeclared, type Input } from '../../../platform/validation.ts';
import { enumOf, id, inputObject, pageArgs, text } from '../../../input/vocabulary.ts';
import { ValidationError } from '../../../platform/errors.ts';
import type { Platform } from '../../../platform/platform.ts';
import { Prisma, type MemberQuiz } from '../../../generated/prisma/client.ts';
import { transaction } from '../../../platform/transaction.ts';
import { lessonNotFound, memberConflict, quizNotFound } from '../core/errors.ts';
import { shareCourse, shareLesson } from './locks.ts';
import { PublishStatus } from './outline.ts';

export const QUESTION_TYPES = ['single', 'multiple', 'true_false', 'short_answer'] as const;
export const QuestionType = enumOf(
  'MemberQuestionType',
  QUESTION_TYPES,
  'single: one option; multiple: every right option and no other; true_false; short_answer: one of the accepted texts (case and spaces ignored).',
  {
    single: 'Pick one option; right when it is the right one.',
    multiple: 'Pick several options; right when every right option and no other is picked.',
    true_false: 'Answer true or false.',
    short_answer: 'Type a text; right when it matches one of the accepted texts (case and spaces ignored).',
  },
);

const OptionInput = inputObject(
  'MemberQuizOptionInput',
  {
    id: z
      .string()
      .trim()
      .min(1)
      .max(20)
      .describe('A short id (a, b, …), unique within the question; what answers name.'),
    text: text(1000, 1).describe('The text shown.'),
  },
  'A choice of a single or multiple question.',
);
export const QuestionInput = inputObject(
  'MemberQuizQuestionInput',
  {
    type: QuestionType,
    prompt: text(5000, 1).describe('The question as shown.'),
    options: z.array(OptionInput).max(20).optional().describe('For single and multiple.'),
    points: z
      .number()
      .int()
      .min(1)
      .max(1000)
      .default(1)
      .describe('Its weight in the score (points earned over points possible).'),
    answer: z
      .union([z.string(), z.array(z.string()), z.boolean()])
      .describe(
        'single: an option id; multiple: option ids; true_false: true or false; short_answer: the accepted texts.',
      ),
  },
  'A question with its correct answer (course managers only ever see it); numbered 1, 2, … in the order given.',
);
const quizFields = {
  title: text(200, 1).describe('Title shown to learners.'),
  passPercent: z
    .number()
    .int()
    .min(1)
    .max(100)
    .default(70)
    .describe('The score (0–100) at or above which an attempt passes.'),
  maxAttempts: z.number().int().min(0).max(1000).default(0).describe('0: unlimited.'),
  questions: z.array(QuestionInput).max(200).default([]).describe('The questions, in order.'),
  status: PublishStatus.default('published'),
};
export const QuizCreate = inputObject(
  'MemberQuizCreateInput',
  { lessonId: id().describe('The lesson it belongs to (one quiz per lesson).'), ...quizFields },
  'A new quiz of a lesson (published unless said otherwise).',
);
export const QuizUpdate = inputObject(
  'MemberQuizUpdateInput',
  {
    title: quizFields.title.optional(),
    passPercent: z
      .number()
      .int()
      .min(1)
      .max(100)
      .optional()
      .describe('The score (0–100) at or above which an attempt passes.'),
    maxAttempts: z.number().int().min(0).max(1000).optional().describe('0: unlimited.'),
    questions: z.array(QuestionInput).max(200).optional().describe('Replaces every question (renumbered 1, 2, …).'),
    status: PublishStatus.optional(),
  },
  'Changes to a quiz (its lesson stays); fields left out stay as they are.',
);
export const QuizFilter = {
  ...pageArgs,
  courseId: id().optional().describe('Only quizzes of this course.'),
  lessonId: id().optional().describe('Only the quiz of this lesson.'),
};

export interface Question {
  id: number;
  type: (typeof QUESTION_TYPES)[number];
  prompt: string;
  options: { id: string; text: string }[];
  points: number;
  answer: string | string[] | boolean;
}

/** Numbers the questions and checks that each answer fits its type and names its own options. */
export function normaliseQuestions(questions: z.output<typeof QuestionInput>[]): Question[] {
  const problems: Record<string, string> = {};
  const out = questions.map((q, i) => {
    const where = `questions[${i}]`;
    const options = q.options ?? [];
    const ids = options.map((o) => o.id);
    if (new Set(ids).size !== ids.length)
      problems[`${where}[options]`] = 'Option ids must be unique within a question.';
    const known = (a: unknown) => typeof a === 'string' && ids.includes(a);
    let answer = q.answer;
    if (q.type === 'single' && (options.length < 2 || !known(answer)))
      problems[`${where}[answer]`] = 'A single-choice question needs two options or more and the id of the right one.';
    if (q.type === 'multiple') {
      const list = Array.isArray(answer) ? answer : [];
      if (options.length < 2 || !list.length || !list.every(known))
        problems[`${where}[answer]`] =
          'A multiple-choice question needs two options or more and the ids of the right ones.';
      answer = [...new Set(list)].sort();
    }
    if (q.type === 'true_false' && typeof answer !== 'boolean')
      problems[`${where}[answer]`] = 'A true/false question needs true or false.';
    if (q.type === 'short_answer') {
      const list = (Array.isArray(answer) ? answer : typeof answer === 'string' ? [answer] : [])
        .map((s) => s.trim())
        .filter(Boolean);
      if (!list.length) problems[`${where}[answer]`] = 'A short-answer question needs at least one accepted text.';
      answer = list;
    }
    return {
      id: i + 1,
      type: q.type,
      prompt: q.prompt,
      options: q.type === 'single' || q.type === 'multiple' ? options : [],
      points: q.points,
      answer,
    };
  });
  if (Object.keys(problems).length) throw new ValidationError(problems);
  return out;
}

/** A quiz of a lesson (the lesson held until it is written: a delete racing it finds the quiz, or the create a 404),
 *  answered as written with `query` (the selection the caller asked of it). */
export async function createQuiz<T = MemberQuiz>(
  platform: Platform,
  input: Input<typeof QuizCreate>,
  query: object = {},
): Promise<T> {
  const data = parseDeclared(QuizCreate, input);
  const questions = normaliseQuestions(data.questions) as unknown as Prisma.InputJsonValue;
  const lesson = await platform.prisma.memberLesson.findUnique({
    where: { id: data.lessonId },
    select: { courseId: true },
  });
  if (!lesson) throw lessonNotFound(data.lessonId);
  const now = platform.clock.now();
  try {
    return await transaction(platform, async (tx) => {
      if (!(await shareCourse(tx, lesson.courseId)) || !(await shareLesson(tx, data.lessonId)))
        throw lessonNotFound(data.lessonId);
      return tx.memberQuiz.create({
        ...query,
        data: { ...data, courseId: lesson.courseId, questions, createdAt: now, updatedAt: now },
      }) as T;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw memberConflict('The lesson has a quiz already.');
    throw err;
  }
}

export async function updateQuiz<T = MemberQuiz>(
  platform: Platform,
  quizId: number,
  input: Input<typeof QuizUpdate>,
  query: object = {},
): Promise<T> {
  const { questions, ...data } = parseDeclared(QuizUpdate, input);
  const where = { id: quizId };
  return transaction(platform, async (tx) => {
    const { count } = await tx.memberQuiz.updateMany({
      where,
      data: {
        ...data,
        ...(questions ? { questions: normaliseQuestions(questions) as unknown as Prisma.InputJsonValue } : {}),
        updatedAt: platform.clock.now(),
      },
    });
    if (!count) throw quizNotFound(quizId);
    return tx.memberQuiz.findUniqueOrThrow({ ...query, where }) as T;
  });
}
