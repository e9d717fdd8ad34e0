// Memberships: list (member_manage_members), create and the moves (member_grant_access). Each operation's GraphQL
// field, declared input and REST route.
import { schemaPart } from '../../../../graphql/builder.ts';
import type { Context } from '../../../../graphql/context.ts';
import { offsetPage, prismaPage } from '../../../../graphql/pagination.ts';
import { zodArgs } from '../../../../graphql/zod-args.ts';
import { rest } from '../../../../rest/binding.ts';
import { requiresMemberCapability } from '../capabilities.ts';
import { createMembership, MembershipCreate, MembershipFilter, membershipWhere } from '../service/memberships.ts';
import {
  CancelInput,
  cancelMembership,
  PauseInput,
  pauseMembership,
  resumeMembership,
  ResumeInput,
  UpgradeInput,
  upgradeMembership,
} from '../service/moves.ts';
import { MEMBERSHIP } from './selections.ts';
import { membershipType } from './types/membership.ts';

const grant = requiresMemberCapability('member_grant_access');
const reload = (ctx: Context, query: object, id: number) =>
  ctx.platform.prisma.membership.findUniqueOrThrow({ ...query, where: { id } });

export const membershipsSchema = schemaPart((builder) => {
  const MembershipType = membershipType(builder);
  const MembershipPage = prismaPage(builder, 'Membership');

  builder.queryFields((t) => ({
    memberships: t.field({
      type: MembershipPage,
      description: 'Memberships, newest first; filters user_id, plan_id and status.',
      ...requiresMemberCapability('member_manage_members'),
      args: zodArgs(t, MembershipFilter),
      ...rest('GET /member/v1/memberships', { select: MEMBERSHIP, paginated: true }),
      resolve: (_r, args, ctx) => {
        const where = membershipWhere(args);
        return offsetPage(args, {
          count: () => ctx.platform.prisma.membership.count({ where }),
          findMany: (w, query) =>
            ctx.platform.prisma.membership.findMany({ ...query, ...w, where, orderBy: { id: 'desc' } }),
        });
      },
    }),
  }));

  builder.mutationFields((t) => ({
    createMembership: t.prismaField({
      type: MembershipType,
      description:
        'Creates a membership (pending, trialing or active; default trialing when the plan has trial days). 409 member_conflict when the user already has a live one of the plan.',
      ...grant,
      args: zodArgs(t, { input: MembershipCreate }),
      ...rest('POST /member/v1/memberships', { select: MEMBERSHIP, status: 201, errors: [409] }),
      resolve: async (query, _r, { input }, ctx) =>
        reload(ctx, query, (await createMembership(ctx.platform, input)).id),
    }),
    cancelMembership: t.prismaField({
      type: MembershipType,
      description:
        'Cancels at the period end (status stays, cancel_at_period_end) or immediately; lifetime and paused memberships end now.',
      ...grant,
      args: zodArgs(t, CancelInput),
      ...rest('POST /member/v1/memberships/:id/cancel', { select: MEMBERSHIP, errors: [409] }),
      resolve: async (query, _r, args, ctx) => reload(ctx, query, (await cancelMembership(ctx.platform, args)).id),
    }),
    pauseMembership: t.prismaField({
      type: MembershipType,
      description: 'Pauses a trialing or active membership (no access while paused), until resumed or until `until`.',
      ...grant,
      args: zodArgs(t, PauseInput),
      ...rest('POST /member/v1/memberships/:id/pause', { select: MEMBERSHIP, errors: [409] }),
      resolve: async (query, _r, args, ctx) => reload(ctx, query, (await pauseMembership(ctx.platform, args)).id),
    }),
    resumeMembership: t.prismaField({
      type: MembershipType,
      description: 'Resumes a paused membership; its period grows by the time it was paused.',
      ...grant,
      args: zodArgs(t, ResumeInput),
      ...rest('POST /member/v1/memberships/:id/resume', { select: MEMBERSHIP, errors: [409] }),
      resolve: async (query, _r, args, ctx) => reload(ctx, query, (await resumeMembership(ctx.platform, args)).id),
    }),
    upgradeMembership: t.prismaField({
      type: MembershipType,
      description:
        'Swaps the plan of a trialing or active membership, recording previous_plan_id and the proration (data only).',
      ...grant,
      args: zodArgs(t, UpgradeInput),
      ...rest('POST /member/v1/memberships/:id/upgrade', { select: MEMBERSHIP, errors: [409] }),
      resolve: async (query, _r, args, ctx) => reload(ctx, query, (await upgradeMembership(ctx.platform, args)).id),
    }),
  }));
});
