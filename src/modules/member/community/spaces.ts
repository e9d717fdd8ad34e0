// Spaces: where topics live. public spaces are read by everyone; members spaces by members (see visibility.ts).
import { isUniqueViolation } from '../../../platform/database-errors.ts';
import { parseDeclared, type Input } from '../../../platform/validation.ts';
import { enumOf, inputObject, text } from '../../../input/vocabulary.ts';
import { z } from 'zod';
import type { Platform } from '../../../platform/platform.ts';
import { transaction } from '../../../platform/transaction.ts';
import { memberConflict } from '../core/errors.ts';
import { slugify } from '../core/service/plans.ts';
import { lockNamed, placeNew, type SiblingSet } from '../core/service/positions.ts';

/** Spaces are listed in the order they were made: 1..n (service/positions.ts). */
const spaceOrder: SiblingSet = {
  lock: (tx) => lockNamed(tx, 'member_spaces.position'),
  last: async (tx) => (await tx.memberSpace.aggregate({ _max: { position: true } }))._max.position ?? 0,
  shift: (tx, from, to, by) =>
    tx.memberSpace.updateMany({ where: { position: { gte: from, lte: to } }, data: { position: { increment: by } } }),
};

export const SpaceVisibility = enumOf(
  'MemberSpaceVisibility',
  ['public', 'members'],
  'public: everyone reads it; members: members with an active membership (of the plans of its access rule, when it has one).',
  {
    public: 'Everyone may read the space, anonymous visitors too.',
    members: 'Only members with an active membership read it (of the plans of its access rule, when it has one).',
  },
);
export const SpaceCreate = inputObject(
  'MemberSpaceCreateInput',
  {
    name: text(200, 1).describe('Name shown to members.'),
    slug: z
      .string()
      .trim()
      .max(100)
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug is lower-case letters, digits and dashes.')
      .optional()
      .describe('Unique URL name; default: from the name.'),
    description: text(5000).optional().describe('Text shown to members.'),
    visibility: SpaceVisibility.default('members'),
  },
  'A new space (members only unless said otherwise).',
);

export async function createSpace(platform: Platform, input: Input<typeof SpaceCreate>) {
  const data = parseDeclared(SpaceCreate, input);
  const slug = data.slug || slugify(data.name) || 'space';
  const now = platform.clock.now();
  try {
    return await transaction(platform, async (tx) => {
      await spaceOrder.lock(tx);
      const position = await placeNew(tx, spaceOrder);
      return tx.memberSpace.create({
        data: { ...data, slug, description: data.description ?? '', position, createdAt: now, updatedAt: now },
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw memberConflict(`A space with the slug "${slug}" exists.`);
    throw err;
  }
}
