// What the access service can be asked about, and what the other parts tell it of their own items: each part
// declares its access targets as data on its MemberPart (`access`: where a lesson sits — its module and course —
// and which prerequisites a user has completed). joinParts() joins the parts' declarations onto the membership
// Module, and the service reads them from the modules the platform was built with: an instance built from another
// list of parts (a test's) answers with that list's. A type no part declares has no ancestors, and a prerequisite of
// it is pending.
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
export type AncestryResolver = (platform: Platform, ids: number[]) => Promise<Map<number, Target[]>>;
/** Of the given ids of a type, the ones the user has completed (for after_prerequisite drip). */
export type PrerequisiteResolver = (platform: Platform, userId: number, ids: number[]) => Promise<Set<number>>;

/** What a part declares of its items, by type (MemberPart.access). */
export interface AccessTargets {
  ancestry?: Partial<Record<TargetType, AncestryResolver>>;
  prerequisites?: Partial<Record<TargetType, PrerequisiteResolver>>;
}

/** The parts' declarations as one; a type two parts declare fails at start (one part owns each type). */
export function joinAccessTargets(declared: readonly (AccessTargets | undefined)[]): Required<AccessTargets> {
  const joined = { ancestry: {}, prerequisites: {} } as Required<AccessTargets>;
  for (const d of declared)
    for (const kind of ['ancestry', 'prerequisites'] as const)
      for (const [type, resolve] of Object.entries(d?.[kind] ?? {})) {
        if (type in joined[kind]) throw new Error(`Two parts of membership declare the ${kind} of ${type}`);
        Object.assign(joined[kind], { [type]: resolve });
      }
  return joined;
}

/** Where the joined declarations travel: a key of the membership Module object (no other module has it). */
export const ACCESS_TARGETS = Symbol('membership access targets');

/** The joined declarations of the membership module this platform was built with. */
export function declaredTargets(platform: Platform): Required<AccessTargets> {
  for (const m of platform.modules)
    if (ACCESS_TARGETS in m) return (m as { [ACCESS_TARGETS]: Required<AccessTargets> })[ACCESS_TARGETS];
  return { ancestry: {}, prerequisites: {} };
}
