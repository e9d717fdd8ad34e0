// Plans: GET /plans and /plans/{id} are public (active plans; managers also archived ones); writes need
// member_manage_plans. Each operation's GraphQL field, declared input and REST route.
import { queryFromInfo } from '@pothos/plugin-prisma';
import { isPublic } from '../../../../graphql/access.ts';
import { schemaPart } from '../../../../graphql/builder.ts';
import { offsetPage, prismaPage } from '../../../../graphql/pagination.ts';
import { zodArgs } from '../../../../graphql/zod-args.ts';
import { id } from '../../../../input/vocabulary.ts';
import { rest } from '../../../../rest/binding.ts';
import { canMember, requiresMemberCapability } from '../capabilities.ts';
import { planNotFound } from '../errors.ts';
import { createPlan, deletePlan, PlanCreate, PlanFilter, PlanUpdate, planWhere, updatePlan } from '../service/plans.ts';
import { PLAN } from './selections.ts';
import { planType } from './types/plan.ts';

const manage = requiresMemberCapability('member_manage_plans');

export const plansSchema = schemaPart((builder) => {
  const MemberPlanType = planType(builder);
  const PlanPage = prismaPage(builder, 'MemberPlan');
  const Deletion = builder
    .objectRef<{ deleted: boolean; archived: boolean; previous: { id: number } }>('MemberPlanDeletion')
    .implement({
      description: 'A plan that had memberships is archived, not deleted.',
      fields: (t) => ({
        deleted: t.exposeBoolean('deleted', { description: 'True when the plan never had a membership and is gone.' }),
        archived: t.exposeBoolean('archived', {
          description: 'True when the plan had memberships and was archived instead.',
        }),
        previous: t.field({
          type: MemberPlanType,
          description: 'The plan as it was before.',
          resolve: (d) => d.previous as never,
        }),
      }),
    });

  builder.queryFields((t) => ({
    memberPlans: t.field({
      type: PlanPage,
      description: 'Plans by position: active ones for everyone; managers also see archived ones (status filter).',
      ...isPublic(),
      args: zodArgs(t, PlanFilter),
      ...rest('GET /member/v1/plans', { select: PLAN, paginated: true }),
      resolve: (_r, args, ctx) => {
        const where = planWhere(args, canMember(ctx.principal, 'member_manage_plans'));
        return offsetPage(args, {
          count: () => ctx.platform.prisma.memberPlan.count({ where }),
          findMany: (w, query) =>
            ctx.platform.prisma.memberPlan.findMany({
              ...query,
              ...w,
              where,
              orderBy: [{ position: 'asc' }, { id: 'asc' }],
            }),
        });
      },
    }),
    memberPlan: t.prismaField({
      type: MemberPlanType,
      description: 'One plan (an archived one only for managers).',
      ...isPublic(),
      args: zodArgs(t, { id: id().describe('Plan id.') }),
      ...rest('GET /member/v1/plans/:id', { select: PLAN }),
      resolve: async (query, _r, { id }, ctx) => {
        const where = { id, ...(canMember(ctx.principal, 'member_manage_plans') ? {} : { status: 'active' }) };
        return (
          (await ctx.platform.prisma.memberPlan.findFirst({ ...query, where })) ?? Promise.reject(planNotFound(id))
        );
      },
    }),
  }));

  builder.mutationFields((t) => ({
    createMemberPlan: t.prismaField({
      type: MemberPlanType,
      description: 'Creates a plan (slug from the name unless given; 409 member_conflict when taken).',
      ...manage,
      args: zodArgs(t, { input: PlanCreate }),
      ...rest('POST /member/v1/plans', { select: PLAN, status: 201, errors: [409] }),
      resolve: (query, _r, { input }, ctx) => createPlan(ctx.platform, input, query),
    }),
    updateMemberPlan: t.prismaField({
      type: MemberPlanType,
      description:
        'Edits a plan. Price and period changes apply to new memberships and upgrades; live ones keep their dates.',
      ...manage,
      args: zodArgs(t, { id: id().describe('Plan id.'), input: PlanUpdate }),
      ...rest('PATCH /member/v1/plans/:id', { select: PLAN, errors: [409] }),
      resolve: (query, _r, { id, input }, ctx) => updatePlan(ctx.platform, id, input, query),
    }),
    deleteMemberPlan: t.field({
      type: Deletion,
      description: 'Deletes a plan that never had a membership; archives one that had.',
      ...manage,
      args: zodArgs(t, { id: id().describe('Plan id.') }),
      ...rest('DELETE /member/v1/plans/:id', { select: `deleted archived previous { ${PLAN} }` }),
      // The plan as it was is read with the selection asked of `previous`, before the row may go.
      resolve: (_r, { id }, ctx, info) =>
        deletePlan<{ id: number }>(ctx.platform, id, queryFromInfo({ context: ctx, info, path: ['previous'] })),
    }),
  }));
});
