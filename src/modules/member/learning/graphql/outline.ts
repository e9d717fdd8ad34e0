// Courses, modules and lessons: the outline is public when published (drafts for course managers); writes need
// member_manage_courses. Each operation's GraphQL field, declared input and REST route.
import { isPublic } from '../../../../graphql/access.ts';
import { schemaPart } from '../../../../graphql/builder.ts';
import { offsetPage, prismaPage } from '../../../../graphql/pagination.ts';
import { zodArgs } from '../../../../graphql/zod-args.ts';
import { id } from '../../../../input/vocabulary.ts';
import { ValidationError } from '../../../../platform/errors.ts';
import { deleted, rest } from '../../../../rest/binding.ts';
import { requiresMemberCapability } from '../../core/capabilities.ts';
import { courseNotFound, lessonNotFound, moduleNotFound } from '../../core/errors.ts';
import { deleteCourse, deleteLesson, deleteModule } from '../deletes.ts';
import {
  CourseCreate,
  CourseFilter,
  CourseUpdate,
  createCourse,
  createLesson,
  createModule,
  LessonCreate,
  LessonFilter,
  LessonUpdate,
  ModuleCreate,
  ModuleFilter,
  ModuleUpdate,
  updateCourse,
  updateLesson,
  updateModule,
  visibleLesson,
  visibleModule,
} from '../outline.ts';
import { COURSE, LESSON, MODULE } from './selections.ts';
import { courseManager } from './course-manager.ts';
import { courseType } from './types/course.ts';
import { lessonType } from './types/lesson.ts';
import { moduleType } from './types/module.ts';

const manage = requiresMemberCapability('member_manage_courses');

export const outlineSchema = schemaPart((builder) => {
  const CourseType = courseType(builder);
  const ModuleType = moduleType(builder);
  const LessonType = lessonType(builder);
  const CoursePage = prismaPage(builder, 'MemberCourse');
  const ModulePage = prismaPage(builder, 'MemberModule');
  const LessonPage = prismaPage(builder, 'MemberLesson');

  builder.queryFields((t) => ({
    memberCourses: t.field({
      type: CoursePage,
      description: 'Courses by position: published ones for everyone, drafts too for course managers (status filter).',
      ...isPublic(),
      args: zodArgs(t, CourseFilter),
      ...rest('GET /member/v1/courses', { select: COURSE, paginated: true }),
      resolve: (_r, args, ctx) => {
        if (args.status === 'draft' && !courseManager(ctx))
          throw new ValidationError({ status: 'status draft is forbidden.' });
        const where = {
          ...(courseManager(ctx) ? (args.status ? { status: args.status } : {}) : { status: 'published' }),
          ...(args.search ? { title: { contains: args.search, mode: 'insensitive' as const } } : {}),
        };
        return offsetPage(args, {
          count: () => ctx.platform.prisma.memberCourse.count({ where }),
          findMany: (w, query) =>
            ctx.platform.prisma.memberCourse.findMany({
              ...query,
              ...w,
              where,
              orderBy: [{ position: 'asc' }, { id: 'asc' }],
            }),
        });
      },
    }),
    memberCourse: t.prismaField({
      type: CourseType,
      description: 'One course, with its outline (modules → lessons → quiz) in one query.',
      ...isPublic(),
      args: zodArgs(t, { id: id().describe('Course id.') }),
      ...rest('GET /member/v1/courses/:id', { select: COURSE }),
      resolve: async (query, _r, { id }, ctx) =>
        (await ctx.platform.prisma.memberCourse.findFirst({
          ...query,
          where: { id, ...(courseManager(ctx) ? {} : { status: 'published' }) },
        })) ?? Promise.reject(courseNotFound(id)),
    }),
    memberModules: t.field({
      type: ModulePage,
      description: 'Modules by course and position.',
      ...isPublic(),
      args: zodArgs(t, ModuleFilter),
      ...rest('GET /member/v1/modules', { select: MODULE, paginated: true }),
      resolve: (_r, args, ctx) => {
        const where = { ...visibleModule(courseManager(ctx)), ...(args.courseId ? { courseId: args.courseId } : {}) };
        return offsetPage(args, {
          count: () => ctx.platform.prisma.memberModule.count({ where }),
          findMany: (w, query) =>
            ctx.platform.prisma.memberModule.findMany({
              ...query,
              ...w,
              where,
              orderBy: [{ courseId: 'asc' }, { position: 'asc' }, { id: 'asc' }],
            }),
        });
      },
    }),
    memberModule: t.prismaField({
      type: ModuleType,
      ...isPublic(),
      description: 'One module.',
      args: zodArgs(t, { id: id().describe('Module id.') }),
      ...rest('GET /member/v1/modules/:id', { select: MODULE }),
      resolve: async (query, _r, { id }, ctx) =>
        (await ctx.platform.prisma.memberModule.findFirst({
          ...query,
          where: { id, ...visibleModule(courseManager(ctx)) },
        })) ?? Promise.reject(moduleNotFound(id)),
    }),
    memberLessons: t.field({
      type: LessonPage,
      description:
        'Lessons by module and position; the content only for callers the access rules allow (others: locked).',
      ...isPublic(),
      args: zodArgs(t, LessonFilter),
      ...rest('GET /member/v1/lessons', { select: LESSON, paginated: true }),
      resolve: (_r, args, ctx) => {
        const where = {
          ...visibleLesson(courseManager(ctx)),
          ...(args.courseId ? { courseId: args.courseId } : {}),
          ...(args.moduleId ? { moduleId: args.moduleId } : {}),
        };
        return offsetPage(args, {
          count: () => ctx.platform.prisma.memberLesson.count({ where }),
          findMany: (w, query) =>
            ctx.platform.prisma.memberLesson.findMany({
              ...query,
              ...w,
              where,
              orderBy: [{ courseId: 'asc' }, { module: { position: 'asc' } }, { position: 'asc' }, { id: 'asc' }],
            }),
        });
      },
    }),
    memberLesson: t.prismaField({
      type: LessonType,
      description: 'One lesson; a refused read of its content fires member/access/denied.',
      ...isPublic(),
      args: zodArgs(t, { id: id().describe('Lesson id.') }),
      ...rest('GET /member/v1/lessons/:id', { select: LESSON }),
      resolve: async (query, _r, { id }, ctx) =>
        (await ctx.platform.prisma.memberLesson.findFirst({
          ...query,
          where: { id, ...visibleLesson(courseManager(ctx)) },
        })) ?? Promise.reject(lessonNotFound(id)),
    }),
  }));

  builder.mutationFields((t) => ({
    createMemberCourse: t.prismaField({
      type: CourseType,
      description: 'Creates a course (a draft unless status says otherwise; slug from the title unless given).',
      ...manage,
      args: zodArgs(t, { input: CourseCreate }),
      ...rest('POST /member/v1/courses', { select: COURSE, status: 201, errors: [409] }),
      resolve: (query, _r, { input }, ctx) => createCourse(ctx.platform, input, query),
    }),
    updateMemberCourse: t.prismaField({
      type: CourseType,
      description: 'Edits a course; position moves it among the courses.',
      ...manage,
      args: zodArgs(t, { id: id().describe('Course id.'), input: CourseUpdate }),
      ...rest('PATCH /member/v1/courses/:id', { select: COURSE, errors: [409] }),
      resolve: (query, _r, { id, input }, ctx) => updateCourse(ctx.platform, id, input, query),
    }),
    deleteMemberCourse: t.prismaField({
      type: CourseType,
      description: 'Deletes a course with its modules, lessons and quizzes; 409 when learners have progress in it.',
      ...manage,
      args: zodArgs(t, { id: id().describe('Course id.') }),
      ...rest('DELETE /member/v1/courses/:id', { select: COURSE, result: deleted, errors: [409] }),
      resolve: async (query, _r, { id }, ctx) => {
        const previous = await ctx.platform.prisma.memberCourse.findUnique({ ...query, where: { id } });
        if (!previous) throw courseNotFound(id);
        await deleteCourse(ctx.platform, id);
        return previous;
      },
    }),
    createMemberModule: t.prismaField({
      type: ModuleType,
      description: 'Adds a module to a course (last, unless position says where).',
      ...manage,
      args: zodArgs(t, { input: ModuleCreate }),
      ...rest('POST /member/v1/modules', { select: MODULE, status: 201 }),
      resolve: (query, _r, { input }, ctx) => createModule(ctx.platform, input, query),
    }),
    updateMemberModule: t.prismaField({
      type: ModuleType,
      description: 'Edits a module; position moves it within its course.',
      ...manage,
      args: zodArgs(t, { id: id().describe('Module id.'), input: ModuleUpdate }),
      ...rest('PATCH /member/v1/modules/:id', { select: MODULE }),
      resolve: (query, _r, { id, input }, ctx) => updateModule(ctx.platform, id, input, query),
    }),
    deleteMemberModule: t.prismaField({
      type: ModuleType,
      description: 'Deletes a module with its lessons; 409 when learners have progress in it.',
      ...manage,
      args: zodArgs(t, { id: id().describe('Module id.') }),
      ...rest('DELETE /member/v1/modules/:id', { select: MODULE, result: deleted, errors: [409] }),
      resolve: async (query, _r, { id }, ctx) => {
        const previous = await ctx.platform.prisma.memberModule.findUnique({ ...query, where: { id } });
        if (!previous) throw moduleNotFound(id);
        await deleteModule(ctx.platform, id);
        return previous;
      },
    }),
    createMemberLesson: t.prismaField({
      type: LessonType,
      description: 'Adds a lesson to a module (a draft unless status says otherwise).',
      ...manage,
      args: zodArgs(t, { input: LessonCreate }),
      ...rest('POST /member/v1/lessons', { select: LESSON, status: 201, errors: [409] }),
      resolve: (query, _r, { input }, ctx) => createLesson(ctx.platform, input, query),
    }),
    updateMemberLesson: t.prismaField({
      type: LessonType,
      description: 'Edits a lesson; position moves it within its module.',
      ...manage,
      args: zodArgs(t, { id: id().describe('Lesson id.'), input: LessonUpdate }),
      ...rest('PATCH /member/v1/lessons/:id', { select: LESSON, errors: [409] }),
      resolve: (query, _r, { id, input }, ctx) => updateLesson(ctx.platform, id, input, query),
    }),
    deleteMemberLesson: t.prismaField({
      type: LessonType,
      description: 'Deletes a lesson; 409 when learners completed it.',
      ...manage,
      args: zodArgs(t, { id: id().describe('Lesson id.') }),
      ...rest('DELETE /member/v1/lessons/:id', { select: LESSON, result: deleted, errors: [409] }),
      resolve: async (query, _r, { id }, ctx) => {
        const previous = await ctx.platform.prisma.memberLesson.findUnique({ ...query, where: { id } });
        if (!previous) throw lessonNotFound(id);
        await deleteLesson(ctx.platform, id);
        return previous;
      },
    }),
  }));
});
