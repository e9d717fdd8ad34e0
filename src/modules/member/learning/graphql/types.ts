// GraphQL types of the learning part. Reads nest course → modules → lessons → quiz → questions, with the caller's
// progress on each, in a constant number of SQL statements whatever the course size: relations load with the parent's
// query (Prisma plugin), access and progress through per-request loaders.
import { schemaPart } from '../../../../graphql/builder.ts';
import type { Context } from '../../../../graphql/context.ts';
import { enumType } from '../../../../graphql/zod-args.ts';
import { canMember } from '../../capabilities.ts';
import type { CourseSummary } from '../enrollment.ts';
import { PublishStatus, visibleLesson, visibleModule } from '../outline.ts';
import { QuestionType, type Question } from '../quizzes.ts';
import { accessOf, gated } from './access-loader.ts';

const manager = (ctx: Context) => canMember(ctx.principal, 'member_manage_courses');
const userOf = (ctx: Context) => (ctx.principal.kind === 'user' ? ctx.principal.user.id : null);

// The caller's own facts per lesson, course and quiz load as t.loadable fields: one query for all the items of a
// response. Their resolvers answer null for an anonymous caller before anything is loaded.

/** The caller's completion of each lesson asked (one query). */
async function loadCompletedAt(ids: number[], ctx: Context): Promise<(Date | null)[]> {
  const userId = userOf(ctx)!;
  const rows = await ctx.platform.prisma.memberLessonProgress.findMany({ where: { userId, lessonId: { in: ids }, status: 'completed' }, select: { lessonId: true, completedAt: true } });
  return ids.map((id) => rows.find((r) => r.lessonId === id)?.completedAt ?? null);
}

/** The caller's summary of each course asked (one query each for lessons and enrolments). */
async function loadCourseProgress(ids: number[], ctx: Context): Promise<CourseSummary[]> {
  const userId = userOf(ctx)!;
  const [counts, enrolled] = await Promise.all([
    ctx.platform.prisma.$queryRaw<{ course_id: number; total: number; done: number }[]>`
      SELECT l.course_id, count(*)::int AS total, count(p.user_id)::int AS done
      FROM member_lessons l JOIN member_modules m ON m.id = l.module_id
      LEFT JOIN member_lesson_progress p ON p.lesson_id = l.id AND p.user_id = ${userId} AND p.status = 'completed'
      WHERE l.course_id = ANY (${ids}::int[]) AND l.status = 'published' AND m.status = 'published' GROUP BY l.course_id`,
    ctx.platform.prisma.memberEnrollment.findMany({ where: { userId, courseId: { in: ids } }, select: { courseId: true, completedAt: true } }),
  ]);
  return ids.map((id) => {
    const c = counts.find((r) => r.course_id === id) ?? { total: 0, done: 0 };
    const e = enrolled.find((r) => r.courseId === id);
    return { completedLessons: c.done, totalLessons: c.total, percent: c.total ? Math.floor((100 * c.done) / c.total) : 0, completed: !!e?.completedAt };
  });
}

type AttemptsSummary = { count: number; best: number | null; passed: boolean; max: number };

/** The caller's attempts on each quiz asked (keyed by the quiz, whose attempt limit the summary carries). */
async function loadAttempts(quizzes: { id: number; maxAttempts: number }[], ctx: Context): Promise<AttemptsSummary[]> {
  const userId = userOf(ctx)!;
  const ids = quizzes.map((q) => q.id);
  const rows = await ctx.platform.prisma.memberQuizAttempt.groupBy({ by: ['quizId'], where: { userId, quizId: { in: ids } }, _count: { _all: true }, _max: { score: true } });
  const passed = await ctx.platform.prisma.memberQuizAttempt.findMany({ where: { userId, quizId: { in: ids }, passed: true }, select: { quizId: true }, distinct: ['quizId'] });
  return quizzes.map((q) => {
    const r = rows.find((x) => x.quizId === q.id);
    return { count: r?._count._all ?? 0, best: r?._max.score ?? null, passed: passed.some((p) => p.quizId === q.id), max: q.maxAttempts };
  });
}

export const learningTypes = schemaPart((builder) => {
  const Status = enumType(builder, PublishStatus);

  const Summary = builder.objectRef<CourseSummary>('MemberCourseSummary').implement({
    description: "A learner's progress in a course.",
    fields: (t) => ({
      completedLessons: t.exposeInt('completedLessons'),
      totalLessons: t.exposeInt('totalLessons', { description: 'Published lessons of published modules.' }),
      percent: t.exposeInt('percent', { description: '0 to 100.' }),
      completed: t.exposeBoolean('completed'),
    }),
  });

  const Option = builder.objectRef<Question['options'][number]>('MemberQuizOption').implement({
    fields: (t) => ({ id: t.exposeString('id'), text: t.exposeString('text') }),
  });
  const QuestionRef = builder.objectRef<Question>('MemberQuizQuestion').implement({
    fields: (t) => ({
      id: t.exposeInt('id', { description: 'What answers are keyed by.' }),
      type: t.expose('type', { type: enumType(builder, QuestionType) }),
      prompt: t.exposeString('prompt'),
      options: t.field({ type: [Option], resolve: (q) => q.options }),
      points: t.exposeInt('points'),
      answer: t.field({
        type: 'JSON',
        nullable: true,
        description: 'The correct answer: course managers only (null for everyone else, before and after attempting).',
        resolve: (q, _a, ctx) => (manager(ctx) ? q.answer : null),
      }),
    }),
  });
  const MyAttempts = builder.objectRef<AttemptsSummary>('MemberQuizAttemptsSummary').implement({
    fields: (t) => ({
      count: t.exposeInt('count'),
      bestScore: t.exposeInt('best', { nullable: true }),
      passed: t.exposeBoolean('passed'),
      attemptsLeft: t.int({ nullable: true, description: 'null: unlimited.', resolve: (a) => (a.max > 0 ? Math.max(0, a.max - a.count) : null) }),
    }),
  });

  const QuizType = builder.prismaObject('MemberQuiz', {
    description: 'The quiz of a lesson. Its questions are the gated part; the correct answers are for course managers only.',
    fields: (t) => ({
      id: t.exposeInt('id'),
      lessonId: t.exposeInt('lessonId'),
      courseId: t.exposeInt('courseId'),
      title: t.exposeString('title'),
      passPercent: t.exposeInt('passPercent'),
      maxAttempts: t.exposeInt('maxAttempts', { description: '0: unlimited.' }),
      status: t.expose('status', { type: Status }),
      questionCount: t.int({ resolve: (q) => (q.questions as unknown as Question[]).length }),
      locked: t.boolean({ resolve: async (q, _a, ctx) => !(await accessOf(ctx, { type: 'quiz', id: q.id })).allowed }),
      availableAt: t.field({ type: 'DateTime', nullable: true, resolve: async (q, _a, ctx) => (await accessOf(ctx, { type: 'quiz', id: q.id })).availableAt }),
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
        resolve: (q, _a, ctx) => (userOf(ctx) === null ? null : q),
      }),
    }),
  });

  const LessonType = builder.prismaObject('MemberLesson', {
    description: 'A lesson. Its content and video are the gated part: callers the access rules refuse get locked and available_at.',
    fields: (t) => ({
      id: t.exposeInt('id'),
      moduleId: t.exposeInt('moduleId'),
      courseId: t.exposeInt('courseId'),
      title: t.exposeString('title'),
      slug: t.exposeString('slug'),
      durationMinutes: t.exposeInt('durationMinutes'),
      status: t.expose('status', { type: Status }),
      position: t.exposeInt('position'),
      locked: t.boolean({ resolve: async (l, _a, ctx) => !(await accessOf(ctx, { type: 'lesson', id: l.id })).allowed }),
      availableAt: t.field({ type: 'DateTime', nullable: true, description: 'When a drip opens (or opened) it for the caller.', resolve: async (l, _a, ctx) => (await accessOf(ctx, { type: 'lesson', id: l.id })).availableAt }),
      content: t.string({ nullable: true, description: 'null when locked.', resolve: (l, _a, ctx) => gated(ctx, { type: 'lesson', id: l.id }, () => l.content) }),
      videoUrl: t.string({ nullable: true, description: 'null when locked or none.', resolve: (l, _a, ctx) => gated(ctx, { type: 'lesson', id: l.id }, () => l.videoUrl).then((v) => v ?? null) }),
      quiz: t.relation('quiz', { nullable: true, query: (_a, ctx) => ({ where: manager(ctx) ? {} : { status: 'published' } }) }),
      completedAt: t.loadable({
        type: 'DateTime',
        nullable: true,
        description: 'When the caller completed it.',
        load: loadCompletedAt,
        resolve: (l, _a, ctx) => (userOf(ctx) === null ? null : l.id),
      }),
    }),
  });

  const ModuleType = builder.prismaObject('MemberModule', {
    description: 'A part of a course.',
    fields: (t) => ({
      id: t.exposeInt('id'),
      courseId: t.exposeInt('courseId'),
      title: t.exposeString('title'),
      description: t.exposeString('description'),
      status: t.expose('status', { type: Status }),
      position: t.exposeInt('position'),
      lessonCount: t.relationCount('lessons', { where: (_a, ctx) => visibleLesson(manager(ctx)) }),
      lessons: t.relation('lessons', { query: (_a, ctx) => ({ where: visibleLesson(manager(ctx)), orderBy: [{ position: 'asc' }, { id: 'asc' }] }) }),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
      updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    }),
  });

  const CourseType = builder.prismaObject('MemberCourse', {
    description: 'A course: its outline is public when published; its lessons’ content is gated by the access rules.',
    fields: (t) => ({
      id: t.exposeInt('id'),
      title: t.exposeString('title'),
      slug: t.exposeString('slug'),
      description: t.exposeString('description'),
      status: t.expose('status', { type: Status }),
      position: t.exposeInt('position'),
      moduleCount: t.relationCount('modules', { where: (_a, ctx) => visibleModule(manager(ctx)) }),
      lessonCount: t.relationCount('lessons', { where: (_a, ctx) => visibleLesson(manager(ctx)) }),
      modules: t.relation('modules', { query: (_a, ctx) => ({ where: visibleModule(manager(ctx)), orderBy: [{ position: 'asc' }, { id: 'asc' }] }) }),
      progress: t.loadable({
        type: Summary,
        nullable: true,
        description: "The caller's progress (null when anonymous).",
        load: loadCourseProgress,
        resolve: (c, _a, ctx) => (userOf(ctx) === null ? null : c.id),
      }),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
      updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    }),
  });

  return { CourseType, ModuleType, LessonType, QuizType, Summary };
});
