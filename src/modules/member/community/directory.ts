// The member directory: logged-in members with an active membership see the members who have not hidden themselves,
// with their public profile only (display name, bio, avatar, badges, since when they are members) — never e-mail or
// other personal data. Members edit their own profile; directory_visible: false hides them.
import { z } from 'zod';
import type { Prisma } from '../../../generated/prisma/client.ts';
import { parseDeclared, type Input } from '../../../platform/validation.ts';
import { inputObject, pageArgs, search, text } from '../../../input/vocabulary.ts';
import type { Platform } from '../../../platform/platform.ts';
import { userIdOf, type Principal } from '../../../platform/principal.ts';
import { refusal } from '../../../platform/refusal.ts';
import { memberForbidden } from '../core/errors.ts';
import { grantingWhere } from '../core/service/statuses.ts';
import { isCommunityManager } from './standing.ts';

export const ProfileUpdate = inputObject(
  'MemberProfileInput',
  {
    displayName: text(100, 1)
      .nullable()
      .optional()
      .describe('Shown in the community (default: the account’s display name).'),
    bio: text(2000).optional().describe('Profile text, shown as plain text.'),
    avatarUrl: z
      .url({ protocol: /^https$/ })
      .max(2000)
      .nullable()
      .optional()
      .describe('An https image URL.'),
    directoryVisible: z.boolean().optional().describe('false hides you from the directory.'),
  },
  "Changes to the caller's community profile; fields left out stay as they are.",
);

export const DirectoryFilter = { ...pageArgs, search: search().describe('Part of the display name.') };

/** Members the directory lists: an active membership, and not hidden. */
export const listedWhere = (now: Date): Prisma.UserWhereInput => ({
  memberships: { some: grantingWhere(now) },
  OR: [{ memberProfile: null }, { memberProfile: { directoryVisible: true } }],
});

/** A directory search matches the public name only: the community alias, or the account's display name when the
 *  member has none — never the account's name behind an alias (nor username or e-mail). */
export const publicNameWhere = (q: string): Prisma.UserWhereInput => ({
  OR: [
    { memberProfile: { displayName: { contains: q, mode: 'insensitive' } } },
    {
      displayName: { contains: q, mode: 'insensitive' },
      OR: [{ memberProfile: null }, { memberProfile: { displayName: null } }],
    },
  ],
});

/** The directory is for members with an active membership (and community managers). */
export async function assertDirectoryReader(platform: Platform, principal: Principal) {
  const userId = userIdOf(principal);
  if (userId === null) throw refusal(principal, { anonymous: 'rest_not_logged_in' });
  if (isCommunityManager(principal)) return;
  const member = await platform.prisma.membership.findFirst({
    where: { userId, ...grantingWhere(platform.clock.now()) },
    select: { id: true },
  });
  if (!member) throw memberForbidden('The directory is for members with an active membership.');
}

export async function updateProfile(platform: Platform, userId: number, input: Input<typeof ProfileUpdate>) {
  const data = parseDeclared(ProfileUpdate, input);
  const now = platform.clock.now();
  return platform.prisma.memberProfile.upsert({
    where: { userId },
    create: { userId, ...data, updatedAt: now },
    update: { ...data, updatedAt: now },
  });
}

export async function profileOf(platform: Platform, userId: number) {
  const [user, profile] = await Promise.all([
    platform.prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { displayName: true } }),
    platform.prisma.memberProfile.findUnique({ where: { userId } }),
  ]);
  return {
    userId,
    displayName: profile?.displayName ?? user.displayName,
    bio: profile?.bio ?? '',
    avatarUrl: profile?.avatarUrl ?? null,
    directoryVisible: profile?.directoryVisible ?? true,
    suspendedUntil: profile?.suspendedUntil ?? null,
  };
}
