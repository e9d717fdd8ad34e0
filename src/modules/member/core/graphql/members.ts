// Members (member_manage_members) and grant/revoke (member_grant_access): each operation's GraphQL field, declared
// input and REST route. A member is a user who has or had a membership.
import { schemaPart } from '../../../../graphql/builder.ts';
import type { Platform } from '../../../../platform/platform.ts';
import { computedPage, objectPage, offsetPage, prismaPage } from '../../../../graphql/pagination.ts';
import { zodArgs } from '../../../../graphql/zod-args.ts';
import { id, pageArgs } from '../../../../input/vocabulary.ts';
import { rest } from '../../../../rest/binding.ts';
import { requiresMemberCapability } from '../capabilities.ts';
import { memberNotFound } from '../errors.ts';
import { MemberFilter, memberWhere } from '../service/members.ts';
import { GrantInput, grantMembership, RevokeInput, revokeMembership } from '../service/memberships.ts';
import { memberSections } from '../service/sections.ts';
import { HEALTH, MEMBER, MEMBER_DETAIL, MEMBERSHIP, PROGRESS } from './selections.ts';
import { memberType } from './types/member.ts';
import { memberSectionTypes } from './types/member-sections.ts';
import { membershipType } from './types/membership.ts';

const manageMembers = requiresMemberCapability('member_manage_members');
const grant = requiresMemberCapability('member_grant_access');

export const membersSchema = schemaPart((builder) => {
  const MemberType = memberType(builder);
  const MembershipType = membershipType(builder);
  const { ProgressRef, HealthRef } = memberSectionTypes(builder);
  const MemberPage = prismaPage(builder, 'User', { ref: MemberType, name: 'Member' });
  const memberExists = async (platform: Platform, userId: number) => {
    if (!(await platform.prisma.membership.findFirst({ where: { userId }, select: { id: true } })))
      throw memberNotFound();
  };

  builder.queryFields((t) => ({
    members: t.field({
      type: MemberPage,
      description: 'Members (users who have or had a membership), newest first; filters plan_id, status, search.',
      ...manageMembers,
      args: zodArgs(t, MemberFilter),
      ...rest('GET /member/v1/members', { select: MEMBER, paginated: true }),
      resolve: (_r, args, ctx) => {
        const where = memberWhere(args, ctx.platform.clock.now());
        return offsetPage(args, {
          count: () => ctx.platform.prisma.user.count({ where }),
          findMany: (w, query) => ctx.platform.prisma.user.findMany({ ...query, ...w, where, orderBy: { id: 'desc' } }),
        });
      },
    }),
    member: t.prismaField({
      type: MemberType,
      description: 'One member, with their memberships, courses progress, badges and health.',
      ...manageMembers,
      args: zodArgs(t, { id: id().describe('The member (user id).') }),
      ...rest('GET /member/v1/members/:id', { select: MEMBER_DETAIL }),
      resolve: async (query, _r, { id }, ctx) =>
        (await ctx.platform.prisma.user.findFirst({ ...query, where: { id, memberships: { some: {} } } })) ??
        Promise.reject(memberNotFound()),
    }),
    memberProgress: t.field({
      type: objectPage(builder, 'MemberCourseProgress', ProgressRef),
      description: "A member's progress, one row per enrolled course, by course id (REST: every course at once).",
      ...manageMembers,
      args: zodArgs(t, { id: id().describe('The member (user id).'), ...pageArgs }),
      ...rest('GET /member/v1/members/:id/progress', { select: PROGRESS, everyPage: true }),
      resolve: async (_r, { id, ...page }, ctx) => {
        await memberExists(ctx.platform, id);
        return computedPage(page, (window) => memberSections(ctx.platform).progress(id, window));
      },
    }),
    memberHealth: t.field({
      type: HealthRef,
      description: "A member's health: score, band and factors.",
      ...manageMembers,
      args: zodArgs(t, { id: id().describe('The member (user id).') }),
      ...rest('GET /member/v1/members/:id/health', { select: HEALTH }),
      resolve: async (_r, { id }, ctx) => {
        await memberExists(ctx.platform, id);
        return memberSections(ctx.platform).health(id);
      },
    }),
  }));

  builder.mutationFields((t) => ({
    grantMembership: t.prismaField({
      type: MembershipType,
      description:
        "Grants a plan: the user's live membership of it becomes active (ends_at sets its period end), or a new active one is created.",
      ...grant,
      args: zodArgs(t, { id: GrantInput.userId, planId: GrantInput.planId, endsAt: GrantInput.endsAt }), // id: the member of the path
      ...rest('POST /member/v1/members/:id/grant', { select: MEMBERSHIP, errors: [409] }),
      resolve: async (query, _r, args, ctx) =>
        ctx.platform.prisma.membership.findUniqueOrThrow({
          ...query,
          where: {
            id: (await grantMembership(ctx.platform, { userId: args.id, planId: args.planId, endsAt: args.endsAt })).id,
          },
        }),
    }),
    revokeMembership: t.prismaField({
      type: MembershipType,
      description: "Revokes a plan: the user's live membership of it ends now (cancelled, reason revoked).",
      ...grant,
      args: zodArgs(t, { id: RevokeInput.userId, planId: RevokeInput.planId }),
      ...rest('POST /member/v1/members/:id/revoke', { select: MEMBERSHIP }),
      resolve: async (query, _r, args, ctx) =>
        ctx.platform.prisma.membership.findUniqueOrThrow({
          ...query,
          where: { id: (await revokeMembership(ctx.platform, { userId: args.id, planId: args.planId })).id },
        }),
    }),
  }));
});
