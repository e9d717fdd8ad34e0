// Spaces: where topics live. public spaces are read by everyone; members spaces by members (see visibility.ts).
import { Prisma } from '../../../generated/prisma/client.ts';
import { parseDeclared, type Input } from '../../../platform/validation.ts';
import { enumOf, inputObject, text } from '../../../input/vocabulary.ts';
import { z } from 'zod';
import type { Platform } from '../../../platform/platform.ts';
import { memberConflict } from '../errors.ts';
import { slugify } from '../service/plans.ts';

export const SpaceVisibility = enumOf('MemberSpaceVisibility', ['public', 'members'], 'public: everyone reads it; members: members with an active membership (of the plans of its access rule, when it has one).');
export const SpaceCreate = inputObject('MemberSpaceCreateInput', {
  name: text(200, 1).describe('Name shown to members.'),
  slug: z.string().trim().max(100).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug is lower-case letters, digits and dashes.').optional().describe('Unique URL name; default: from the name.'),
  description: text(5000).optional().describe('Text shown to members.'),
  visibility: SpaceVisibility.default('members'),
}, 'A new space (members only unless said otherwise).');

export async function createSpace(platform: Platform, input: Input<typeof SpaceCreate>) {
  const data = parseDeclared(SpaceCreate, input);
  const slug = data.slug || slugify(data.name) || 'space';
  const now = platform.clock.now();
  try {
    const [row] = await platform.prisma.$queryRaw<{ next: number }[]>`SELECT COALESCE(MAX(position) + 1, 0)::int AS next FROM member_spaces`;
    return await platform.prisma.memberSpace.create({ data: { ...data, slug, description: data.description ?? '', position: row!.next, createdAt: now, updatedAt: now } });
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') throw memberConflict(`A space with the slug "${slug}" exists.`);
    throw err;
  }
}
