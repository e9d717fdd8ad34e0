// The MemberDirectoryEntry type: a member as the directory shows them — the public profile only, never e-mail or
// account data.
import { schemaPart } from '../../../../../graphql/builder.ts';
import { badgeType } from './badge.ts';

export const directoryEntryType = schemaPart((builder) => {
  const BadgeType = badgeType(builder);
  return builder.prismaObject('User', {
    variant: 'MemberDirectoryEntry',
    description: 'A member as the directory shows them: the public profile only.',
    fields: (t) => ({
      userId: t.exposeInt('id', { description: 'The member (user id).' }),
      displayName: t.string({
        description: "Community display name (the profile's, else the account's).",
        select: { displayName: true, memberProfile: { select: { displayName: true } } },
        resolve: (u) => u.memberProfile?.displayName ?? u.displayName,
      }),
      bio: t.string({
        description: 'Profile text as written (plain text); empty when none.',
        select: { memberProfile: { select: { bio: true } } },
        resolve: (u) => u.memberProfile?.bio ?? '',
      }),
      avatarUrl: t.string({
        nullable: true,
        description: 'An https image URL; null when none.',
        select: { memberProfile: { select: { avatarUrl: true } } },
        resolve: (u) => u.memberProfile?.avatarUrl ?? null,
      }),
      badges: t.field({
        type: [BadgeType],
        description: 'Badges the member holds, oldest award first.',
        select: { badgeAwards: { select: { badge: true }, orderBy: { awardedAt: 'asc' } } },
        resolve: (u) => u.badgeAwards.map((a) => a.badge),
      }),
      joinedAt: t.field({
        type: 'DateTime',
        description: 'The start of the first membership.',
        select: { memberships: { select: { startedAt: true }, orderBy: { startedAt: 'asc' }, take: 1 } },
        resolve: (u) => u.memberships[0]?.startedAt ?? new Date(0),
      }),
    }),
  });
});
