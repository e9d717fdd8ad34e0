// The MemberLesson type: its content and video are the gated part (access through the per-request loader); the
// caller's completion loads for every lesson of a response in one query.
import { schemaPart } from '../../../../../graphql/builder.ts';
import type { Context } from '../../../../../graphql/context.ts';
import { enumType } from '../../../../../graphql/zod-args.ts';
import { userIdOf } from '../../../../../platform/principal.ts';
import { PublishStatus } from '../../outline.ts';
import { accessOf, gated } from '../access-loader.ts';
import { courseManager } from '../course-manager.ts';
import { quizType } from './quiz.ts';

/** The caller's completion of each lesson asked (one query; the field answers null for anonymous callers first). */
async function loadCompletedAt(ids: number[], ctx: Context): Promise<(Date | null)[]> {
  const userId = userIdOf(ctx.principal)!;
  const rows = await ctx.platform.prisma.memberLessonProgress.findMany({
    where: { userId, lessonId: { in: ids }, status: 'completed' },
    select: { lessonId: true, completedAt: true },
  });
  return ids.map((id) => rows.find((r) => r.lessonId === id)?.completedAt ?? null);
}

export const lessonType = schemaPart((builder) => {
  quizType(builder); // its quiz relation
  return builder.prismaObject('MemberLesson', {
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
        type: enumType(builder, PublishStatus),
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
        query: (_a, ctx) => ({ where: courseManager(ctx) ? {} : { status: 'published' } }),
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
});
