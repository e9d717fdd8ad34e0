// The outline of courses: courses of modules of lessons, with positions and publish state. Reads of drafts are for
// course managers only (the GraphQL fields filter by `visible`); writes need member_manage_courses on the field.
import { z } from 'zod';
import { Prisma } from '../../../generated/prisma/client.ts';
import { INT32_MAX } from '../../../input/describe.ts';
import { parseDeclared, type Input } from '../../../platform/validation.ts';
import { enumOf, id, inputObject, pageArgs, search, text } from '../../../input/vocabulary.ts';
import type { Platform } from '../../../platform/platform.ts';
import { transaction } from '../../../platform/transaction.ts';
import { courseNotFound, lessonNotFound, memberConflict, moduleNotFound } from '../errors.ts';
import { slugify } from '../service/plans.ts';
import { moveTo, nextPosition, type Siblings } from './positions.ts';

export const PublishStatus = enumOf('MemberPublishStatus', ['draft', 'published'], 'draft or published: drafts are seen by course managers only.');
const position = z.number().int().min(0).max(INT32_MAX).describe('Place among its siblings, from 0 (the others move along).');
const slug = z.string().trim().max(100).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug is lower-case letters, digits and dashes.');
const title = text(200, 1).describe('Title shown to learners.');
const description = text(10_000).optional().describe('Text shown to learners.');

export const CourseCreate = inputObject('MemberCourseCreateInput', {
  title,
  slug: slug.optional().describe('Unique URL name; default: from the title.'),
  description,
  status: PublishStatus.default('draft'),
  position: position.optional(),
}, 'A new course (a draft unless said otherwise).');
export const CourseUpdate = inputObject('MemberCourseUpdateInput', {
  title: title.optional(),
  slug: slug.optional().describe('Unique URL name.'),
  description,
  status: PublishStatus.optional(),
  position: position.optional(),
}, 'Changes to a course; fields left out stay as they are.');
export const ModuleCreate = inputObject('MemberModuleCreateInput', {
  courseId: id().describe('The course it belongs to.'),
  title,
  description,
  status: PublishStatus.default('published'),
  position: position.optional(),
}, 'A new module (published unless said otherwise), last in its course unless position says otherwise.');
export const ModuleUpdate = inputObject('MemberModuleUpdateInput', {
  title: title.optional(),
  description,
  status: PublishStatus.optional(),
  position: position.optional(),
}, 'Changes to a module (its course stays); fields left out stay as they are.');
const lessonFields = {
  content: z.string().max(1_000_000).optional().describe('The gated part: shown only to learners the access rules allow.'),
  durationMinutes: z.number().int().min(0).max(100_000).optional().describe('Expected length in minutes.'),
  videoUrl: z.url({ protocol: /^https?$/ }).max(2000).nullable().optional().describe('The gated part too.'),
  status: PublishStatus.optional(),
  position: position.optional(),
};
export const LessonCreate = inputObject('MemberLessonCreateInput', {
  moduleId: id().describe('The module it belongs to (its course follows).'),
  title,
  slug: slug.optional().describe('URL name, unique within the course; default: from the title.'),
  ...lessonFields,
}, 'A new lesson (a draft unless said otherwise), last in its module unless position says otherwise.');
export const LessonUpdate = inputObject('MemberLessonUpdateInput', {
  title: title.optional(),
  slug: slug.optional().describe('URL name, unique within the course.'),
  ...lessonFields,
}, 'Changes to a lesson (its module stays); fields left out stay as they are.');
export const CourseFilter = { ...pageArgs, search: search().describe('Part of the title.'), status: PublishStatus.optional().describe('Managers only; default published.') };
export const ModuleFilter = { ...pageArgs, courseId: id().optional().describe('Only modules of this course.') };
export const LessonFilter = { ...pageArgs, courseId: id().optional().describe('Only lessons of this course.'), moduleId: id().optional().describe('Only lessons of this module.') };

const isUnique = (err: unknown) => err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002';
const taken = (what: string, slugValue: string) => memberConflict(`A ${what} with the slug "${slugValue}" exists.`);

export async function createCourse(platform: Platform, input: Input<typeof CourseCreate>) {
  const { position: at, ...data } = parseDeclared(CourseCreate, input);
  const courseSlug = data.slug || slugify(data.title) || 'course';
  try {
    return await transaction(platform, async (tx) => {
      const now = platform.clock.now();
      const course = await tx.memberCourse.create({ data: { ...data, slug: courseSlug, description: data.description ?? '', position: await nextPosition(tx, { table: 'member_courses' }), createdAt: now, updatedAt: now } });
      if (at !== undefined) await moveTo(tx, { table: 'member_courses' }, course.id, at);
      return course;
    });
  } catch (err) {
    if (isUnique(err)) throw taken('course', courseSlug);
    throw err;
  }
}

async function update<T>(platform: Platform, siblings: Siblings | null, id: number, position: number | undefined, write: (tx: Parameters<Parameters<typeof transaction>[1]>[0]) => Promise<T>) {
  return transaction(platform, async (tx) => {
    const row = await write(tx);
    if (siblings && position !== undefined) await moveTo(tx, siblings, id, position);
    return row;
  });
}

export async function updateCourse(platform: Platform, courseId: number, input: Input<typeof CourseUpdate>) {
  const { position, ...data } = parseDeclared(CourseUpdate, input);
  try {
    return await update(platform, { table: 'member_courses' }, courseId, position, async (tx) => {
      const moved = await tx.memberCourse.updateManyAndReturn({ where: { id: courseId }, data: { ...data, updatedAt: platform.clock.now() } });
      if (!moved.length) throw courseNotFound(courseId);
      return moved[0]!;
    });
  } catch (err) {
    if (isUnique(err)) throw taken('course', data.slug ?? '');
    throw err;
  }
}

/** A course that learners started keeps its history: deleting it is 409 (unpublish it instead). */
export async function deleteCourse(platform: Platform, courseId: number) {
  return transaction(platform, async (tx) => {
    if (!(await tx.memberCourse.findUnique({ where: { id: courseId }, select: { id: true } }))) throw courseNotFound(courseId);
    const started = await tx.memberLessonProgress.findFirst({ where: { courseId }, select: { userId: true } });
    const attempted = started ? null : await tx.memberQuizAttempt.findFirst({ where: { courseId }, select: { id: true } });
    if (started || attempted) throw memberConflict('Learners have progress in this course: unpublish it (status draft) instead of deleting it.');
    await tx.memberCourse.delete({ where: { id: courseId } });
  });
}

export async function createModule(platform: Platform, input: Input<typeof ModuleCreate>) {
  const { position: at, ...data } = parseDeclared(ModuleCreate, input);
  return transaction(platform, async (tx) => {
    if (!(await tx.memberCourse.findUnique({ where: { id: data.courseId }, select: { id: true } }))) throw courseNotFound(data.courseId);
    const now = platform.clock.now();
    const siblings: Siblings = { table: 'member_modules', courseId: data.courseId };
    const mod = await tx.memberModule.create({ data: { ...data, description: data.description ?? '', position: await nextPosition(tx, siblings), createdAt: now, updatedAt: now } });
    if (at !== undefined) await moveTo(tx, siblings, mod.id, at);
    return mod;
  });
}

export async function updateModule(platform: Platform, moduleId: number, input: Input<typeof ModuleUpdate>) {
  const { position, ...data } = parseDeclared(ModuleUpdate, input);
  const current = await platform.prisma.memberModule.findUnique({ where: { id: moduleId }, select: { courseId: true } });
  if (!current) throw moduleNotFound(moduleId);
  return update(platform, { table: 'member_modules', courseId: current.courseId }, moduleId, position, (tx) => tx.memberModule.update({ where: { id: moduleId }, data: { ...data, updatedAt: platform.clock.now() } }));
}

/** A module's lessons go with it; a module with learners' progress is 409 like a course. */
export async function deleteModule(platform: Platform, moduleId: number) {
  return transaction(platform, async (tx) => {
    if (!(await tx.memberModule.findUnique({ where: { id: moduleId }, select: { id: true } }))) throw moduleNotFound(moduleId);
    if (await tx.memberLessonProgress.findFirst({ where: { lesson: { moduleId } }, select: { userId: true } })) {
      throw memberConflict('Learners have progress in this module: unpublish it (status draft) instead of deleting it.');
    }
    await tx.memberModule.delete({ where: { id: moduleId } });
  });
}

export async function createLesson(platform: Platform, input: Input<typeof LessonCreate>) {
  const { position: at, ...data } = parseDeclared(LessonCreate, input);
  const lessonSlug = data.slug || slugify(data.title) || 'lesson';
  try {
    return await transaction(platform, async (tx) => {
      const mod = await tx.memberModule.findUnique({ where: { id: data.moduleId }, select: { courseId: true } });
      if (!mod) throw moduleNotFound(data.moduleId);
      const now = platform.clock.now();
      const siblings: Siblings = { table: 'member_lessons', moduleId: data.moduleId };
      const lesson = await tx.memberLesson.create({
        data: { ...data, courseId: mod.courseId, slug: lessonSlug, content: data.content ?? '', videoUrl: data.videoUrl ?? null, position: await nextPosition(tx, siblings), createdAt: now, updatedAt: now },
      });
      if (at !== undefined) await moveTo(tx, siblings, lesson.id, at);
      return lesson;
    });
  } catch (err) {
    if (isUnique(err)) throw taken('lesson of this course', lessonSlug);
    throw err;
  }
}

export async function updateLesson(platform: Platform, lessonId: number, input: Input<typeof LessonUpdate>) {
  const { position, ...data } = parseDeclared(LessonUpdate, input);
  const current = await platform.prisma.memberLesson.findUnique({ where: { id: lessonId }, select: { moduleId: true } });
  if (!current) throw lessonNotFound(lessonId);
  try {
    return await update(platform, { table: 'member_lessons', moduleId: current.moduleId }, lessonId, position, (tx) => tx.memberLesson.update({ where: { id: lessonId }, data: { ...data, updatedAt: platform.clock.now() } }));
  } catch (err) {
    if (isUnique(err)) throw taken('lesson of this course', data.slug ?? '');
    throw err;
  }
}

export async function deleteLesson(platform: Platform, lessonId: number) {
  return transaction(platform, async (tx) => {
    if (!(await tx.memberLesson.findUnique({ where: { id: lessonId }, select: { id: true } }))) throw lessonNotFound(lessonId);
    if (await tx.memberLessonProgress.findFirst({ where: { lessonId }, select: { userId: true } })) {
      throw memberConflict('Learners completed this lesson: unpublish it (status draft) instead of deleting it.');
    }
    await tx.memberLesson.delete({ where: { id: lessonId } });
  });
}

/** What a caller may read: published items (and their published parents), everything for course managers. */
export const publishedOnly = (manager: boolean) => (manager ? {} : { status: 'published' });
export const visibleLesson = (manager: boolean): Prisma.MemberLessonWhereInput =>
  manager ? {} : { status: 'published', module: { status: 'published' }, course: { status: 'published' } };
export const visibleModule = (manager: boolean): Prisma.MemberModuleWhereInput => (manager ? {} : { status: 'published', course: { status: 'published' } });
