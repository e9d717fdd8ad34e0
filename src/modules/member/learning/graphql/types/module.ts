// The MemberModule type: a part of a course, with the lessons the caller can see.
import { schemaPart } from '../../../../../graphql/builder.ts';
import { enumType } from '../../../../../graphql/zod-args.ts';
import { PublishStatus, visibleLesson } from '../../outline.ts';
import { courseManager } from '../course-manager.ts';
import { lessonType } from './lesson.ts';

export const moduleType = schemaPart((builder) => {
  lessonType(builder); // its lessons relation
  return builder.prismaObject('MemberModule', {
    description: 'A part of a course.',
    fields: (t) => ({
      id: t.exposeInt('id', { description: 'Module id.' }),
      courseId: t.exposeInt('courseId', { description: 'The course this module belongs to.' }),
      title: t.exposeString('title', { description: 'Title shown to learners.' }),
      description: t.exposeString('description', { description: 'Text shown to learners; empty when none.' }),
      status: t.expose('status', {
        type: enumType(builder, PublishStatus),
        description: 'draft (course managers only) or published; shown when its course is published too.',
      }),
      position: t.exposeInt('position', { description: 'Place among the modules of its course, from 1.' }),
      lessonCount: t.relationCount('lessons', {
        description: 'Lessons the caller can see (published ones; all for course managers).',
        where: (_a, ctx) => visibleLesson(courseManager(ctx)),
      }),
      lessons: t.relation('lessons', {
        description: 'Lessons the caller can see, by position.',
        query: (_a, ctx) => ({
          where: visibleLesson(courseManager(ctx)),
          orderBy: [{ position: 'asc' }, { id: 'asc' }],
        }),
      }),
      createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the module was created (UTC).' }),
      updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'Last change to the module (UTC).' }),
    }),
  });
});
