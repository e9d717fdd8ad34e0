// The directory and profiles (members), badges (public list; create and award: member_manage_badges). Each
// operation's GraphQL field, declared input and REST route.
import { userIdOf } from '../../../../platform/principal.ts';
import { isPublic, requiresLogin } from '../../../../graphql/access.ts';
import { schemaPart } from '../../../../graphql/builder.ts';
import { offsetPage, prismaPage } from '../../../../graphql/pagination.ts';
import { zodArgs } from '../../../../graphql/zod-args.ts';
import { id, pageArgs } from '../../../../input/vocabulary.ts';
import { rest } from '../../../../rest/binding.ts';
import { requiresMemberCapability } from '../../core/capabilities.ts';
import { profileNotFound } from '../../core/errors.ts';
import { AwardInput, awardBadge, BadgeCreate, createBadge } from '../badges.ts';
import {
  assertDirectoryReader,
  DirectoryFilter,
  listedWhere,
  profileOf,
  publicNameWhere,
  ProfileUpdate,
  updateProfile,
} from '../directory.ts';
import { AWARD, BADGE, DIRECTORY, PROFILE } from './selections.ts';
import { badgeType } from './types/badge.ts';
import { badgeAwardType } from './types/badge-award.ts';
import { directoryEntryType } from './types/directory-entry.ts';

export const peopleSchema = schemaPart((builder) => {
  const DirectoryEntry = directoryEntryType(builder);
  const BadgeType = badgeType(builder);
  const AwardType = badgeAwardType(builder);
  const BadgePage = prismaPage(builder, 'MemberBadge');
  const DirectoryPage = prismaPage(builder, 'User', { ref: DirectoryEntry, name: 'MemberDirectoryEntry' });
  const Profile = builder.objectRef<Awaited<ReturnType<typeof profileOf>>>('MemberProfile').implement({
    description: "The caller's own profile.",
    fields: (t) => ({
      userId: t.exposeInt('userId', { description: 'The caller (user id).' }),
      displayName: t.exposeString('displayName', {
        description: "Name shown in the community (the account's display name unless set).",
      }),
      bio: t.exposeString('bio', { description: 'Profile text (plain text); empty when none.' }),
      avatarUrl: t.exposeString('avatarUrl', { nullable: true, description: 'An https image URL; null when none.' }),
      directoryVisible: t.exposeBoolean('directoryVisible', {
        description: 'Whether the member directory lists the caller (with an active membership).',
      }),

      suspendedUntil: t.expose('suspendedUntil', {
        type: 'DateTime',
        nullable: true,
        description: 'When a community suspension ends.',
      }),
    }),
  });

  builder.queryFields((t) => ({
    memberDirectory: t.field({
      type: DirectoryPage,
      description:
        'Members with an active membership who have not hidden themselves, by name: public profiles only. For members with an active membership.',
      ...requiresLogin(),
      args: zodArgs(t, DirectoryFilter),
      ...rest('GET /member/v1/directory', { select: DIRECTORY, paginated: true }),
      resolve: async (_r, args, ctx) => {
        await assertDirectoryReader(ctx.platform, ctx.principal);
        const q = args.search;
        const where = {
          AND: [listedWhere(ctx.platform.clock.now()), ...(q ? [publicNameWhere(q)] : [])],
        };
        return offsetPage(args, {
          count: () => ctx.platform.prisma.user.count({ where }),
          findMany: (w, query) =>
            ctx.platform.prisma.user.findMany({
              ...query,
              ...w,
              where,
              orderBy: [{ displayName: 'asc' }, { id: 'asc' }],
            }),
        });
      },
    }),
    memberDirectoryEntry: t.prismaField({
      type: DirectoryEntry,
      description: "One member's public profile (404 when hidden or not a member).",
      ...requiresLogin(),
      args: zodArgs(t, { userId: id().describe('The member (user id).') }),
      ...rest('GET /member/v1/directory/:user_id', { select: DIRECTORY }),
      resolve: async (query, _r, { userId }, ctx) => {
        await assertDirectoryReader(ctx.platform, ctx.principal);
        return (
          (await ctx.platform.prisma.user.findFirst({
            ...query,
            where: { id: userId, ...listedWhere(ctx.platform.clock.now()) },
          })) ?? Promise.reject(profileNotFound())
        );
      },
    }),
    myMemberProfile: t.field({
      type: Profile,
      description: "The caller's profile.",
      ...requiresLogin(),
      ...rest('GET /member/v1/me/profile', { select: PROFILE }),
      resolve: (_r, _a, ctx) => profileOf(ctx.platform, userIdOf(ctx.principal)!),
    }),
    memberBadges: t.field({
      type: BadgePage,
      description: 'Badges with how many members hold each, oldest first (REST: every badge at once).',
      ...isPublic(),
      args: zodArgs(t, pageArgs),
      ...rest('GET /member/v1/badges', { select: BADGE, everyPage: true }),
      resolve: (_r, args, ctx) =>
        offsetPage(args, {
          count: () => ctx.platform.prisma.memberBadge.count(),
          findMany: (w, query) => ctx.platform.prisma.memberBadge.findMany({ ...query, ...w, orderBy: { id: 'asc' } }),
        }),
    }),
  }));

  builder.mutationFields((t) => ({
    updateMyMemberProfile: t.field({
      type: Profile,
      description: 'Edits the caller’s profile; directory_visible false hides them from the directory.',
      ...requiresLogin(),
      args: zodArgs(t, { input: ProfileUpdate }),
      ...rest('PATCH /member/v1/me/profile', { select: PROFILE }),
      resolve: async (_r, { input }, ctx) => {
        await updateProfile(ctx.platform, userIdOf(ctx.principal)!, input);
        return profileOf(ctx.platform, userIdOf(ctx.principal)!);
      },
    }),
    createMemberBadge: t.prismaField({
      type: BadgeType,
      description: 'Creates a badge: manual, or automatic with event and count.',
      ...requiresMemberCapability('member_manage_badges'),
      args: zodArgs(t, { input: BadgeCreate }),
      ...rest('POST /member/v1/badges', { select: BADGE, status: 201, errors: [409] }),
      resolve: async (query, _r, { input }, ctx) =>
        ctx.platform.prisma.memberBadge.findUniqueOrThrow({
          ...query,
          where: { id: (await createBadge(ctx.platform, input)).id },
        }),
    }),
    awardMemberBadge: t.prismaField({
      type: AwardType,
      description:
        'Awards a badge to a member: 201 with the award; a second award answers 200 with the existing one and fires no event.',
      ...requiresMemberCapability('member_manage_badges'),
      args: zodArgs(t, AwardInput),
      ...rest('POST /member/v1/members/:id/badges/:badge_id', { select: AWARD }),
      resolve: async (query, _r, { id, badgeId }, ctx) => {
        const { award, created } = await awardBadge(ctx.platform, id, badgeId, userIdOf(ctx.principal));
        ctx.response.setRestStatus(created ? 201 : 200);
        return ctx.platform.prisma.memberBadgeAward.findUniqueOrThrow({
          ...query,
          where: { badgeId_userId: { badgeId: award.badgeId, userId: award.userId } },
        });
      },
    }),
  }));
});
