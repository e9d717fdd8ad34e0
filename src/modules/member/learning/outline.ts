// The outline of courses: courses of modules of lessons, with positions and publish state. Reads of drafts are for
// course managers only (the GraphQL fields filter by `visible`); writes need member_manage_courses on the field.
// Positions follow service/positions.ts under the locks of positions.ts and locks.ts; deletes are in deletes.ts.
import { z } from 'zod';
import { Prisma, type MemberCourse, type MemberLesson, type MemberModule } from '../../../generated/prisma/client.ts';
import { INT32_MAX } from '../../../input/describe.ts';
import { isUniqueViolation } from '../../../platform/database-errors.ts';
import { parseDeclared, type Input } from '../../../platform/validation.ts';
import { enumOf, id, inputObject, pageArgs, search, text } from '../../../input/vocabulary.ts';
import type { Platform } from '../../../platform/platform.ts';
import { transaction } from '../../../platform/transaction.ts';
import { courseNotFound, lessonNotFound, memberConflict, moduleNotFound } from '../core/errors.ts';
import { slugify } from '../core/service/plans.ts';
import { placeMoved, placeNew } from '../core/service/positions.ts';
import { shareCourse } from './locks.ts';
import { courses, lessonsOf, modulesOf } from './positions.ts';

export const PublishStatus = enumOf(
  'MemberPublishStatus',
  ['draft', 'published'],
  'draft or published: drafts are seen by course managers only.',
  {
    draft: 'Seen by course managers only.',
    published: 'Seen by everyone the access rules let in.',
  },
);
const position = z
  .number()
  .int()
  .min(1)
  .max(INT32_MAX)
  .describe('Place among its siblings, from 1 (the others move along; past the end: last).');
const slug = z
  .string()
  .trim()
  .max(100)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug is lower-case letters, digits and dashes.');
const title = text(200, 1).describe('Title shown to learners.');
const description = text(10_000).optional().describe('Text shown to learners.');

export const CourseCreate = inputObject(
  'MemberCourseCreateInput',
  {
    title,
    slug: slug.optional().describe('Unique URL name; default: from the title.'),
    description,
    status: PublishStatus.default('draft'),
    position: position.optional(),
  },
  'A new course (a draft unless said otherwise).',
);
export const CourseUpdate = inputObject(
  'MemberCourseUpdateInput',
  {
    title: title.optional(),
    slug: slug.optional().describe('Unique URL name.'),
    description,
    status: PublishStatus.optional(),
    position: position.optional(),
  },
  'Changes to a course; fields left out stay as they are.',
);
export const ModuleCreate = inputObject(
  'MemberModuleCreateInput',
  {
    courseId: id().describe('The course it belongs to.'),
    title,
    description,
    status: PublishStatus.default('published'),
    position: position.optional(),
  },
  'A new module (published unless said otherwise), last in its course unless position says otherwise.',
);
export const ModuleUpdate = inputObject(
  'MemberModuleUpdateInput',
  {
    title: title.optional(),
    description,
    status: PublishStatus.optional(),
    position: position.optional(),
  },
  'Changes to a module (its course stays); fields left out stay as they are.',
);
const lessonFields = {
  content: z
    .string()
    .max(1_000_000)
    .optional()
    .describe('The gated part: shown only to learners the access rules allow.'),
  durationMinutes: z.number().int().min(0).max(100_000).optional().describe('Expected length in minutes.'),
  videoUrl: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .nullable()
    .optional()
    .describe('The gated part too.'),
  status: PublishStatus.optional(),
  position: position.optional(),
};
export const LessonCreate = inputObject(
  'MemberLessonCreateInput',
  {
    moduleId: id().describe('The module it belongs to (its course follows).'),
    title,
    slug: slug.optional().describe('URL name, unique within the course; default: from the title.'),
    ...lessonFields,
  },
  'A new lesson (a draft unless said otherwise), last in its module unless position says otherwise.',
);
export const LessonUpdate = inputObject(
  'MemberLessonUpdateInput',
  {
    title: title.optional(),
    slug: slug.optional().describe('URL name, unique within the course.'),
    ...lessonFields,
  },
  'Changes to a lesson (its module stays); fields left out stay as they are.',
);
export const CourseFilter = {
  ...pageArgs,
  search: search().describe('Part of the title.'),
  status: PublishStatus.optional().describe('Managers only; default published.'),
};
export const ModuleFilter = { ...pageArgs, courseId: id().optional().describe('Only modules of this course.') };
export const LessonFilter = {
  ...pageArgs,
  courseId: id().optional().describe('Only lessons of this course.'),
  moduleId: id().optional().describe('Only lessons of this module.'),
};

const taken = (what: string, slugValue: string) => memberConflict(`A ${what} with the slug "${slugValue}" exists.`);

// Each write answers the row as written, read in its transaction with `query` (the selection the caller asked of it):
// an item deleted right after the commit cannot turn the answer into a 500.

export async function createCourse<T = MemberCourse>(
  platform: Platform,
  input: Input<typeof CourseCreate>,
  query: object = {},
): Promise<T> {
  const { position: wanted, ...data } = parseDeclared(CourseCreate, input);
  const courseSlug = data.slug || slugify(data.title) || 'course';
  try {
    return await transaction(platform, async (tx) => {
      const now = platform.clock.now();
      await courses.lock(tx);
      const position = await placeNew(tx, courses, wanted);
      return tx.memberCourse.create({
        ...query,
        data: {
          ...data,
          slug: courseSlug,
          description: data.description ?? '',
          position,
          createdAt: now,
          updatedAt: now,
        },
      }) as T;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw taken('course', courseSlug);
    throw err;
  }
}

export async function updateCourse<T = MemberCourse>(
  platform: Platform,
  courseId: number,
  input: Input<typeof CourseUpdate>,
  query: object = {},
): Promise<T> {
  const { position: wanted, ...data } = parseDeclared(CourseUpdate, input);
  const where = { id: courseId };
  try {
    return await transaction(platform, async (tx) => {
      const position =
        wanted &&
        (await placeMoved(tx, courses, wanted, () =>
          tx.memberCourse.findUnique({ where, select: { position: true } }),
        ));
      const { count } = await tx.memberCourse.updateMany({
        where,
        data: { ...data, ...(position ? { position } : {}), updatedAt: platform.clock.now() },
      });
      if (!count) throw courseNotFound(courseId);
      return tx.memberCourse.findUniqueOrThrow({ ...query, where }) as T;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw taken('course', data.slug ?? '');
    throw err;
  }
}

export async function createModule<T = MemberModule>(
  platform: Platform,
  input: Input<typeof ModuleCreate>,
  query: object = {},
): Promise<T> {
  const { position: wanted, ...data } = parseDeclared(ModuleCreate, input);
  return transaction(platform, async (tx) => {
    const siblings = modulesOf(data.courseId);
    if (!(await siblings.lock(tx))) throw courseNotFound(data.courseId);
    const now = platform.clock.now();
    const position = await placeNew(tx, siblings, wanted);
    return tx.memberModule.create({
      ...query,
      data: { ...data, description: data.description ?? '', position, createdAt: now, updatedAt: now },
    }) as T;
  });
}

export async function updateModule<T = MemberModule>(
  platform: Platform,
  moduleId: number,
  input: Input<typeof ModuleUpdate>,
  query: object = {},
): Promise<T> {
  const { position: wanted, ...data } = parseDeclared(ModuleUpdate, input);
  const where = { id: moduleId };
  const parent = await platform.prisma.memberModule.findUnique({ where, select: { courseId: true } });
  if (!parent) throw moduleNotFound(moduleId);
  return transaction(platform, async (tx) => {
    const position =
      wanted &&
      (await placeMoved(tx, modulesOf(parent.courseId), wanted, () =>
        tx.memberModule.findUnique({ where, select: { position: true } }),
      ));
    const { count } = await tx.memberModule.updateMany({
      where,
      data: { ...data, ...(position ? { position } : {}), updatedAt: platform.clock.now() },
    });
    if (!count) throw moduleNotFound(moduleId);
    return tx.memberModule.findUniqueOrThrow({ ...query, where }) as T;
  });
}

/** A lesson goes into its module under the course's and the module's locks (locks.ts, positions.ts). */
export async function createLesson<T = MemberLesson>(
  platform: Platform,
  input: Input<typeof LessonCreate>,
  query: object = {},
): Promise<T> {
  const { position: wanted, ...data } = parseDeclared(LessonCreate, input);
  const lessonSlug = data.slug || slugify(data.title) || 'lesson';
  const mod = await platform.prisma.memberModule.findUnique({
    where: { id: data.moduleId },
    select: { courseId: true },
  });
  if (!mod) throw moduleNotFound(data.moduleId);
  try {
    return await transaction(platform, async (tx) => {
      const siblings = lessonsOf(data.moduleId);
      if (!(await shareCourse(tx, mod.courseId)) || !(await siblings.lock(tx))) throw moduleNotFound(data.moduleId);
      const now = platform.clock.now();
      const position = await placeNew(tx, siblings, wanted);
      return tx.memberLesson.create({
        ...query,
        data: {
          ...data,
          courseId: mod.courseId,
          slug: lessonSlug,
          content: data.content ?? '',
          videoUrl: data.videoUrl ?? null,
          position,
          createdAt: now,
          updatedAt: now,
        },
      }) as T;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw taken('lesson of this course', lessonSlug);
    throw err;
  }
}

export async function updateLesson<T = MemberLesson>(
  platform: Platform,
  lessonId: number,
  input: Input<typeof LessonUpdate>,
  query: object = {},
): Promise<T> {
  const { position: wanted, ...data } = parseDeclared(LessonUpdate, input);
  const where = { id: lessonId };
  const parent = await platform.prisma.memberLesson.findUnique({ where, select: { courseId: true, moduleId: true } });
  if (!parent) throw lessonNotFound(lessonId);
  try {
    return await transaction(platform, async (tx) => {
      const position =
        wanted &&
        (await shareCourse(tx, parent.courseId)) &&
        (await placeMoved(tx, lessonsOf(parent.moduleId), wanted, () =>
          tx.memberLesson.findUnique({ where, select: { position: true } }),
        ));
      const { count } = await tx.memberLesson.updateMany({
        where,
        data: { ...data, ...(position ? { position } : {}), updatedAt: platform.clock.now() },
      });
      if (!count) throw lessonNotFound(lessonId);
      return tx.memberLesson.findUniqueOrThrow({ ...query, where }) as T;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw taken('lesson of this course', data.slug ?? '');
    throw err;
  }
}

/** What a caller may read: published items (and their published parents), everything for course managers. */
export const publishedOnly = (manager: boolean) => (manager ? {} : { status: 'published' });
export const visibleLesson = (manager: boolean): Prisma.MemberLessonWhereInput =>
  manager ? {} : { status: 'published', module: { status: 'published' }, course: { status: 'published' } };
export const visibleModule = (manager: boolean): Prisma.MemberModuleWhereInput =>
  manager ? {} : { status: 'published', course: { status: 'published' } };
