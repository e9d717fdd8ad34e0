// What the access service can be asked about, and the registries the other parts of the module fill: the learning
// part says where a lesson sits (its module and course) and which prerequisites a user has completed; until then an
// item has no ancestors and a prerequisite is pending.
import { enumOf } from '../../../../input/vocabulary.ts';
import type { Platform } from '../../../../platform/platform.ts';

export const TARGET_TYPES = ['course', 'module', 'lesson', 'quiz', 'space', 'post', 'page'] as const;
export type TargetType = (typeof TARGET_TYPES)[number];
export const TargetTypeEnum = enumOf(
  'MemberTargetType',
  TARGET_TYPES,
  'What an access rule gates: a course, module, lesson or quiz (a course rule covers its modules, lessons and quizzes), a community space, or a post or page.',
  {
    course: 'A course (its rule covers its modules, lessons and quizzes).',
    module: 'A module of a course.',
    lesson: 'A lesson.',
    quiz: 'A quiz.',
    space: 'A community space.',
    post: 'A post of the site.',
    page: 'A page of the site.',
  },
);

export interface Target {
  type: TargetType;
  id: number;
}

export const targetKey = (t: { type: string; id: number }) => `${t.type}:${t.id}`;

/** Ids of a type -> for each, its ancestors from the nearest up (a lesson: its module, then its course). */
export type AncestryResolver = (ids: number[]) => Promise<Map<number, Target[]>>;
/** Of the given ids of a type, the ones the user has completed (for after_prerequisite drip). */
export type PrerequisiteResolver = (userId: number, ids: number[]) => Promise<Set<number>>;

interface Registry {
  ancestry: Map<TargetType, AncestryResolver>;
  prerequisites: Map<string, PrerequisiteResolver>;
}

const registries = new WeakMap<Platform, Registry>();

export function accessRegistry(platform: Platform): Registry {
  let r = registries.get(platform);
  if (!r) registries.set(platform, (r = { ancestry: new Map(), prerequisites: new Map() }));
  return r;
}

/** The learning part (or any other) tells where items of `type` sit; one call per list of ids. */
export const registerAncestry = (platform: Platform, type: TargetType, resolve: AncestryResolver) =>
  void accessRegistry(platform).ancestry.set(type, resolve);

/** The learning part (or any other) tells which prerequisites of `type` a user has completed. */
export const registerPrerequisite = (platform: Platform, type: string, resolve: PrerequisiteResolver) =>
  void accessRegistry(platform).prerequisites.set(type, resolve);
