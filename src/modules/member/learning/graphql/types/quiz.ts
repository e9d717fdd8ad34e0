// The MemberQuiz type: the quiz of a lesson. Its questions are the gated part (access through the per-request
// loader); the caller's attempts load for every quiz of a response at once.
import { schemaPart } from '../../../../../graphql/builder.ts';
import { enumType } from '../../../../../graphql/zod-args.ts';
import { userIdOf } from '../../../../../platform/principal.ts';
import { PublishStatus } from '../../outline.ts';
import type { Question } from '../../quizzes.ts';
import { accessOf, gated } from '../access-loader.ts';
import { loadAttempts, quizAttemptsSummaryType } from './quiz-attempts-summary.ts';
import { quizQuestionType } from './quiz-question.ts';

export const quizType = schemaPart((builder) => {
  const QuestionRef = quizQuestionType(builder);
  const MyAttempts = quizAttemptsSummaryType(builder);
  return builder.prismaObject('MemberQuiz', {
    description:
      'The quiz of a lesson. Its questions are the gated part; the correct answers are for course managers only.',
    fields: (t) => ({
      id: t.exposeInt('id', { description: 'Quiz id.' }),
      lessonId: t.exposeInt('lessonId', { description: 'The lesson this quiz belongs to.' }),
      courseId: t.exposeInt('courseId', { description: "The lesson's course." }),
      title: t.exposeString('title', { description: 'Title shown to learners.' }),
      passPercent: t.exposeInt('passPercent', {
        description: 'The score (0 to 100) at or above which an attempt passes.',
      }),
      maxAttempts: t.exposeInt('maxAttempts', { description: '0: unlimited.' }),
      status: t.expose('status', {
        type: enumType(builder, PublishStatus),
        description: 'draft (course managers only) or published.',
      }),
      questionCount: t.int({
        description: 'Number of questions; shown even when the quiz is locked.',
        resolve: (q) => (q.questions as unknown as Question[]).length,
      }),
      locked: t.boolean({
        description: 'True when the access rules refuse the caller the quiz (questions are then null).',
        resolve: async (q, _a, ctx) => !(await accessOf(ctx, { type: 'quiz', id: q.id })).allowed,
      }),
      availableAt: t.field({
        type: 'DateTime',
        nullable: true,
        description: 'When a drip opens (or opened) it for the caller (UTC); null without a drip.',
        resolve: async (q, _a, ctx) => (await accessOf(ctx, { type: 'quiz', id: q.id })).availableAt,
      }),
      questions: t.field({
        type: [QuestionRef],
        nullable: true,
        description: 'null when the caller may not take the quiz (locked).',
        resolve: (q, _a, ctx) => gated(ctx, { type: 'quiz', id: q.id }, () => q.questions as unknown as Question[]),
      }),
      myAttempts: t.loadable({
        type: MyAttempts,
        nullable: true,
        description: "The caller's attempts (null when anonymous).",
        load: loadAttempts,
        loaderOptions: { cacheKeyFn: (q) => q.id },
        resolve: (q, _a, ctx) => (userIdOf(ctx.principal) === null ? null : q),
      }),
    }),
  });
});
