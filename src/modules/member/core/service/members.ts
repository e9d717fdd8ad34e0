// Members: users who have or had a membership. A member is active while one of their memberships grants access.
import type { Prisma } from '../../../../generated/prisma/client.ts';
import { enumOf, id, pageArgs, search } from '../../../../input/vocabulary.ts';
import { grantingWhere } from './statuses.ts';

export const MemberStatus = enumOf('MemberStatus', ['active', 'inactive'], 'active: a membership grants access now.', {
  active: 'A membership grants access now (trialing or active).',
  inactive: 'No membership grants access now.',
});
export const MemberFilter = {
  ...pageArgs,
  search: search().describe('Part of the username, display name or e-mail.'),
  planId: id().optional().describe('Members with a membership of this plan (any status).'),
  status: MemberStatus.optional(),
};

export function memberWhere(
  args: { search?: string | null; planId?: number | null; status?: string | null },
  now: Date,
): Prisma.UserWhereInput {
  const q = args.search;
  const and: Prisma.UserWhereInput[] = [{ memberships: { some: args.planId ? { planId: args.planId } : {} } }];
  if (args.status === 'active') and.push({ memberships: { some: grantingWhere(now) } });
  if (args.status === 'inactive') and.push({ memberships: { none: grantingWhere(now) } });
  if (q) {
    and.push({
      OR: [
        { username: { contains: q, mode: 'insensitive' } },
        { displayName: { contains: q, mode: 'insensitive' } },
        { email: { contains: q.toLowerCase() } },
      ],
    });
  }
  return { AND: and };
}
