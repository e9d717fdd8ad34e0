// Quizzes (writes: member_manage_courses) and attempts (a logged-in learner with access to the quiz). Each
// operation's GraphQL field, declared input and REST route.
import { isPublic, requiresLogin } from '../../../../graphql/access.ts';
import { schemaPart } from '../../../../graphql/builder.ts';
import type { Context } from '../../../../graphql/context.ts';
import { offsetPage, prismaPage } from '../../../../graphql/pagination.ts';
import { zodArgs } from '../../../../graphql/zod-args.ts';
import { id } from '../../../../input/vocabulary.ts';
import { deleted, rest } from '../../../../rest/binding.ts';
import { requiresMemberCapability } from '../../core/capabilities.ts';
import { quizNotFound } from '../../core/errors.ts';
import { AttemptInput, submitAttempt, type AttemptResult } from '../attempts.ts';
import { visibleLesson } from '../outline.ts';
import { deleteQuiz } from '../deletes.ts';
import { createQuiz, QuizCreate, QuizFilter, QuizUpdate, updateQuiz } from '../quizzes.ts';
import { ATTEMPT, QUIZ } from './selections.ts';
import { courseManager } from './course-manager.ts';
import { quizType } from './types/quiz.ts';

const manage = requiresMemberCapability('member_manage_courses');
const visibleQuiz = (ctx: Context) => (courseManager(ctx) ? {} : { status: 'published', lesson: visibleLesson(false) });

export const quizzesSchema = schemaPart((builder) => {
  const QuizType = quizType(builder);
  const QuizPage = prismaPage(builder, 'MemberQuiz');
  const Attempt = builder.objectRef<AttemptResult>('MemberQuizAttempt').implement({
    description: 'An attempt, scored by the server.',
    fields: (t) => ({
      id: t.exposeInt('id', { description: 'Attempt id.' }),
      quizId: t.exposeInt('quizId', { description: 'The quiz attempted.' }),
      userId: t.exposeInt('userId', { description: 'The learner.' }),
      score: t.exposeInt('score', { description: '0 to 100.' }),
      passed: t.exposeBoolean('passed', { description: "Whether the score reached the quiz's passPercent." }),
      attemptNumber: t.exposeInt('attemptNumber', {
        description: "The learner's attempt count on this quiz, this one included (from 1).",
      }),
      attemptsLeft: t.exposeInt('attemptsLeft', { nullable: true, description: 'null: unlimited.' }),
      createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the attempt was submitted (UTC).' }),
    }),
  });

  builder.queryFields((t) => ({
    memberQuizzes: t.field({
      type: QuizPage,
      description: 'Quizzes by course and lesson; questions only for callers who may take them.',
      ...isPublic(),
      args: zodArgs(t, QuizFilter),
      ...rest('GET /member/v1/quizzes', { select: QUIZ, paginated: true }),
      resolve: (_r, args, ctx) => {
        const where = {
          ...visibleQuiz(ctx),
          ...(args.courseId ? { courseId: args.courseId } : {}),
          ...(args.lessonId ? { lessonId: args.lessonId } : {}),
        };
        return offsetPage(args, {
          count: () => ctx.platform.prisma.memberQuiz.count({ where }),
          findMany: (w, query) =>
            ctx.platform.prisma.memberQuiz.findMany({
              ...query,
              ...w,
              where,
              orderBy: [{ courseId: 'asc' }, { id: 'asc' }],
            }),
        });
      },
    }),
    memberQuiz: t.prismaField({
      type: QuizType,
      description: 'One quiz; a refused read of its questions fires member/access/denied.',
      ...isPublic(),
      args: zodArgs(t, { id: id().describe('Quiz id.') }),
      ...rest('GET /member/v1/quizzes/:id', { select: QUIZ }),
      resolve: async (query, _r, { id }, ctx) =>
        (await ctx.platform.prisma.memberQuiz.findFirst({ ...query, where: { id, ...visibleQuiz(ctx) } })) ??
        Promise.reject(quizNotFound(id)),
    }),
  }));

  builder.mutationFields((t) => ({
    createMemberQuiz: t.prismaField({
      type: QuizType,
      description:
        'Adds the quiz of a lesson (409 when it has one). Questions: {type, prompt, options [{id, text}], points, answer}.',
      ...manage,
      args: zodArgs(t, { input: QuizCreate }),
      ...rest('POST /member/v1/quizzes', { select: QUIZ, status: 201, errors: [409] }),
      resolve: (query, _r, { input }, ctx) => createQuiz(ctx.platform, input, query),
    }),
    updateMemberQuiz: t.prismaField({
      type: QuizType,
      description: 'Edits a quiz; questions, when given, replace them all (and are numbered again).',
      ...manage,
      args: zodArgs(t, { id: id().describe('Quiz id.'), input: QuizUpdate }),
      ...rest('PATCH /member/v1/quizzes/:id', { select: QUIZ }),
      resolve: (query, _r, { id, input }, ctx) => updateQuiz(ctx.platform, id, input, query),
    }),
    deleteMemberQuiz: t.prismaField({
      type: QuizType,
      description: 'Deletes a quiz; 409 when learners attempted it.',
      ...manage,
      args: zodArgs(t, { id: id().describe('Quiz id.') }),
      ...rest('DELETE /member/v1/quizzes/:id', { select: QUIZ, result: deleted, errors: [409] }),
      resolve: async (query, _r, { id }, ctx) => {
        const previous = await ctx.platform.prisma.memberQuiz.findUnique({ ...query, where: { id } });
        if (!previous) throw quizNotFound(id);
        await deleteQuiz(ctx.platform, id);
        return previous;
      },
    }),
    attemptMemberQuiz: t.field({
      type: Attempt,
      description:
        'Submits answers: the server scores them (0–100), stores the attempt and answers it; 409 member_attempts_exhausted past max_attempts; 403 member_forbidden without access.',
      ...requiresLogin(),
      args: zodArgs(t, AttemptInput),
      ...rest('POST /member/v1/quizzes/:id/attempts', { select: ATTEMPT, status: 201, errors: [409] }),
      resolve: (_r, args, ctx) => submitAttempt(ctx.platform, ctx.principal, args),
    }),
  }));
});
