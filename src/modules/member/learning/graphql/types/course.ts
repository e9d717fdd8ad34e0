// The MemberCourse type: its outline is public when published; the caller's progress loads for every course of a
// response at once. Reads nest course → modules → lessons → quiz → questions in a constant number of SQL statements
// whatever the course size: relations load with the parent's query (Prisma plugin), access and progress through
// per-request loaders.
import { schemaPart } from '../../../../../graphql/builder.ts';
import type { Context } from '../../../../../graphql/context.ts';
import { enumType } from '../../../../../graphql/zod-args.ts';
import { userIdOf } from '../../../../../platform/principal.ts';
import { courseSummaries, type CourseSummary } from '../../enrollment.ts';
import { PublishStatus, visibleLesson, visibleModule } from '../../outline.ts';
import { courseManager } from '../course-manager.ts';
import { courseSummaryType } from './course-summary.ts';
import { moduleType } from './module.ts';

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

export const courseType = schemaPart((builder) => {
  const Summary = courseSummaryType(builder);
  moduleType(builder); // its modules relation
  return builder.prismaObject('MemberCourse', {
    description: 'A course: its outline is public when published; its lessons’ content is gated by the access rules.',
    fields: (t) => ({
      id: t.exposeInt('id', { description: 'Course id.' }),
      title: t.exposeString('title', { description: 'Title shown to learners.' }),
      slug: t.exposeString('slug', { description: 'Unique URL name: lower-case letters, digits and dashes.' }),
      description: t.exposeString('description', { description: 'Text shown to learners; empty when none.' }),
      status: t.expose('status', {
        description: 'draft (course managers only) or published.',
        type: enumType(builder, PublishStatus),
      }),
      position: t.exposeInt('position', { description: 'Place in the course list, from 1.' }),
      moduleCount: t.relationCount('modules', {
        description: 'Modules the caller can see (published ones; all for course managers).',
        where: (_a, ctx) => visibleModule(courseManager(ctx)),
      }),
      lessonCount: t.relationCount('lessons', {
        description: 'Lessons the caller can see (published ones; all for course managers).',
        where: (_a, ctx) => visibleLesson(courseManager(ctx)),
      }),
      modules: t.relation('modules', {
        description: 'Modules the caller can see, by position.',
        query: (_a, ctx) => ({
          where: visibleModule(courseManager(ctx)),
          orderBy: [{ position: 'asc' }, { id: 'asc' }],
        }),
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
});
