// GraphQL types of the learning part. Reads nest course → modules → lessons → quiz → questions, with the caller's
// progress on each, in a constant number of SQL statements whatever the course size: relations load with the parent's
// query (Prisma plugin), access and progress through per-request loaders.
import { userIdOf } from '../../../../platform/principal.ts';
import { schemaPart } from '../../../../graphql/builder.ts';
import type { Context } from '../../../../graphql/context.ts';
import { enumType } from '../../../../graphql/zod-args.ts';
import { canMember } from '../../core/capabilities.ts';
import { courseSummaries, type CourseSummary } from '../enrollment.ts';
import { PublishStatus, visibleLesson, visibleModule } from '../outline.ts';
import { QuestionType, type Question } from '../quizzes.ts';
import { accessOf, gated } from './access-loader.ts';

const manager = (ctx: Context) => canMember(ctx.principal, 'member_manage_courses');

// The caller's own facts per lesson, course and quiz load as t.loadable fields: one query for all the items of a
// response. Their resolvers answer null for an anonymous caller before anything is loaded.

/** The caller's completion of each lesson asked (one query). */
async function loadCompletedAt(ids: number[], ctx: Context): Promise<(Date | null)[]> {
  const userId = userIdOf(ctx.principal)!;
  const rows = await ctx.platform.prisma.memberLessonProgress.findMany({
    where: { userId, lessonId: { in: ids }, status: 'completed' },
    select: { lessonId: true, completedAt: true },
  });
  return ids.map((id) => rows.find((r) => r.lessonId === id)?.completedAt ?? null);
}

/** The caller's summary of each course asked (one query each for lessons and enrolments). */
async function loadCourseProgress(ids: number[], ctx: Context): Promise<CourseSummary[]> {
  const userId = userIdOf(ctx.principal)!;
  const [counts, enrolled] = await Promise.all([
    courseSummaries(ctx.platform.prisma, userId, ids),
    ctx.platform.prisma.memberEnrollment.findMany({
      where: { userId, courseId: { in: ids } },
      select: { courseId: true, completedAt: true },
    }),
  ]);
  return ids.map((id) => ({ ...counts.get(id)!, completed: !!enrolled.find((r) => r.courseId === id)?.completedAt }));
}

type AttemptsSummary = { count: number; best: number | null; passed: boolean; max: number };

/** The caller's attempts on each quiz asked (keyed by the quiz, whose attempt limit the summary carries). */
async function loadAttempts(quizzes: { id: number; maxAttempts: number }[], ctx: Context): Promise<AttemptsSummary[]> {
  const userId = userIdOf(ctx.principal)!;
  const ids = quizzes.map((q) => q.id);
  const [rows, passed] = await Promise.all([
    ctx.platform.prisma.memberQuizAttempt.groupBy({
      by: ['quizId'],
      where: { userId, quizId: { in: ids } },
      _count: { _all: true },
      _max: { score: true },
    }),
    ctx.platform.prisma.memberQuizAttempt.findMany({
      where: { userId, quizId: { in: ids }, passed: true },
      select: { quizId: true },
      distinct: ['quizId'],
    }),
  ]);
  return quizzes.map((q) => {
    const r = rows.find((x) => x.quizId === q.id);
    return {
      count: r?._count._all ?? 0,
      best: r?._max.score ?? null,
      passed: passed.some((p) => p.quizId === q.id),
      max: q.maxAttempts,
    };
  });
}

export const learningTypes = schemaPart((builder) => {
  const Status = enumType(builder, PublishStatus);

  const Summary = builder.objectRef<CourseSummary>('MemberCourseSummary').implement({
    description: "A learner's progress in a course.",
    fields: (t) => ({
      completedLessons: t.exposeInt('completedLessons', { description: 'Published lessons the learner completed.' }),
      totalLessons: t.exposeInt('totalLessons', { description: 'Published lessons of published modules.' }),
      percent: t.exposeInt('percent', { description: '0 to 100.' }),
      completed: t.exposeBoolean('completed', {
        description: 'Whether the course is completed (every published lesson, once; it stays so).',
      }),
    }),
  });

  const Option = builder.objectRef<Question['options'][number]>('MemberQuizOption').implement({
    description: 'A choice of a single or multiple question.',
    fields: (t) => ({
      id: t.exposeString('id', {
        description: "The author's short id (a, b, …), unique in the question; what answers name.",
      }),
      text: t.exposeString('text', { description: 'The text shown.' }),
    }),
  });
  const QuestionRef = builder.objectRef<Question>('MemberQuizQuestion').implement({
    description: 'A question of a quiz, scored all or nothing.',
    fields: (t) => ({
      id: t.exposeInt('id', { description: 'What answers are keyed by.' }),
      type: t.expose('type', {
        type: enumType(builder, QuestionType),
        description: 'How it is answered: single, multiple, true_false or short_answer.',
      }),
      prompt: t.exposeString('prompt', { description: 'The question as shown.' }),
      options: t.field({
        type: [Option],
        description: 'The choices of single and multiple questions; empty for the others.',
        resolve: (q) => q.options,
      }),
      points: t.exposeInt('points', { description: 'Its weight in the score (points earned over points possible).' }),
      answer: t.field({
        type: 'JSON',
        nullable: true,
        description: 'The correct answer: course managers only (null for everyone else, before and after attempting).',
        resolve: (q, _a, ctx) => (manager(ctx) ? q.answer : null),
      }),
    }),
  });
  const MyAttempts = builder.objectRef<AttemptsSummary>('MemberQuizAttemptsSummary').implement({
    description: "The caller's attempts on a quiz.",
    fields: (t) => ({
      count: t.exposeInt('count', { description: 'Attempts made.' }),
      bestScore: t.exposeInt('best', { nullable: true, description: 'Best score, 0 to 100; null before any attempt.' }),
      passed: t.exposeBoolean('passed', { description: 'Whether any attempt passed.' }),
      attemptsLeft: t.int({
        nullable: true,
        description: 'null: unlimited.',
        resolve: (a) => (a.max > 0 ? Math.max(0, a.max - a.count) : null),
      }),
    }),
  });

  const QuizType = builder.prismaObject('MemberQuiz', {
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
      status: t.expose('status', { type: Status, description: 'draft (course managers only) or published.' }),
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

  const LessonType = builder.prismaObject('MemberLesson', {
    description:
      'A lesson. Its content and video are the gated part: callers the access rules refuse get locked and available_at.',
    fields: (t) => ({
      id: t.exposeInt('id', { description: 'Lesson id.' }),
      moduleId: t.exposeInt('moduleId', { description: 'The module this lesson belongs to.' }),
      courseId: t.exposeInt('courseId', { description: "The module's course." }),
      title: t.exposeString('title', { description: 'Title shown to learners.' }),
      slug: t.exposeString('slug', { description: 'URL name, unique within the course.' }),
      durationMinutes: t.exposeInt('durationMinutes', {
        description: 'Expected length in minutes, as the author gave it (0: not given).',
      }),
      status: t.expose('status', {
        type: Status,
        description: 'draft (course managers only) or published; shown when its module and course are published too.',
      }),
      position: t.exposeInt('position', { description: 'Place among the lessons of its module, from 1.' }),
      locked: t.boolean({
        description: 'True when the access rules refuse the caller the lesson (content and videoUrl are then null).',
        resolve: async (l, _a, ctx) => !(await accessOf(ctx, { type: 'lesson', id: l.id })).allowed,
      }),
      availableAt: t.field({
        type: 'DateTime',
        nullable: true,
        description: 'When a drip opens (or opened) it for the caller.',
        resolve: async (l, _a, ctx) => (await accessOf(ctx, { type: 'lesson', id: l.id })).availableAt,
      }),
      content: t.string({
        nullable: true,
        description: 'null when locked.',
        resolve: (l, _a, ctx) => gated(ctx, { type: 'lesson', id: l.id }, () => l.content),
      }),
      videoUrl: t.string({
        nullable: true,
        description: 'null when locked or none.',
        resolve: (l, _a, ctx) => gated(ctx, { type: 'lesson', id: l.id }, () => l.videoUrl).then((v) => v ?? null),
      }),
      quiz: t.relation('quiz', {
        description: "The lesson's quiz; null when none (or a draft, except to course managers).",
        nullable: true,
        query: (_a, ctx) => ({ where: manager(ctx) ? {} : { status: 'published' } }),
      }),
      completedAt: t.loadable({
        type: 'DateTime',
        nullable: true,
        description: 'When the caller completed it.',
        load: loadCompletedAt,
        resolve: (l, _a, ctx) => (userIdOf(ctx.principal) === null ? null : l.id),
      }),
    }),
  });

  const ModuleType = builder.prismaObject('MemberModule', {
    description: 'A part of a course.',
    fields: (t) => ({
      id: t.exposeInt('id', { description: 'Module id.' }),
      courseId: t.exposeInt('courseId', { description: 'The course this module belongs to.' }),
      title: t.exposeString('title', { description: 'Title shown to learners.' }),
      description: t.exposeString('description', { description: 'Text shown to learners; empty when none.' }),
      status: t.expose('status', {
        type: Status,
        description: 'draft (course managers only) or published; shown when its course is published too.',
      }),
      position: t.exposeInt('position', { description: 'Place among the modules of its course, from 1.' }),
      lessonCount: t.relationCount('lessons', {
        description: 'Lessons the caller can see (published ones; all for course managers).',
        where: (_a, ctx) => visibleLesson(manager(ctx)),
      }),
      lessons: t.relation('lessons', {
        description: 'Lessons the caller can see, by position.',
        query: (_a, ctx) => ({ where: visibleLesson(manager(ctx)), orderBy: [{ position: 'asc' }, { id: 'asc' }] }),
      }),
      createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the module was created (UTC).' }),
      updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'Last change to the module (UTC).' }),
    }),
  });

  const CourseType = builder.prismaObject('MemberCourse', {
    description: 'A course: its outline is public when published; its lessons’ content is gated by the access rules.',
    fields: (t) => ({
      id: t.exposeInt('id', { description: 'Course id.' }),
      title: t.exposeString('title', { description: 'Title shown to learners.' }),
      slug: t.exposeString('slug', { description: 'Unique URL name: lower-case letters, digits and dashes.' }),
      description: t.exposeString('description', { description: 'Text shown to learners; empty when none.' }),
      status: t.expose('status', { description: 'draft (course managers only) or published.', type: Status }),
      position: t.exposeInt('position', { description: 'Place in the course list, from 1.' }),
      moduleCount: t.relationCount('modules', {
        description: 'Modules the caller can see (published ones; all for course managers).',
        where: (_a, ctx) => visibleModule(manager(ctx)),
      }),
      lessonCount: t.relationCount('lessons', {
        description: 'Lessons the caller can see (published ones; all for course managers).',
        where: (_a, ctx) => visibleLesson(manager(ctx)),
      }),
      modules: t.relation('modules', {
        description: 'Modules the caller can see, by position.',
        query: (_a, ctx) => ({ where: visibleModule(manager(ctx)), orderBy: [{ position: 'asc' }, { id: 'asc' }] }),
      }),
      progress: t.loadable({
        type: Summary,
        nullable: true,
        description: "The caller's progress (null when anonymous).",
        load: loadCourseProgress,
        resolve: (c, _a, ctx) => (userIdOf(ctx.principal) === null ? null : c.id),
      }),
      createdAt: t.expose('createdAt', { description: 'When the course was created (UTC).', type: 'DateTime' }),
      updatedAt: t.expose('updatedAt', { description: 'Last change to the course (UTC).', type: 'DateTime' }),
    }),
  });

  return { CourseType, ModuleType, LessonType, QuizType, Summary };
});
