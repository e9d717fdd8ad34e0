// The MemberPlan type: a plan members join.
import { schemaPart } from '../../../../../graphql/builder.ts';
import { enumType } from '../../../../../graphql/zod-args.ts';
import { PlanInterval, PlanStatus } from '../../service/plans.ts';
import { grantingWhere } from '../../service/statuses.ts';

export const planType = schemaPart((builder) => {
  return builder.prismaObject('MemberPlan', {
    description: 'A plan members join. Money is an integer in minor units with its ISO 4217 currency.',
    fields: (t) => ({
      id: t.exposeInt('id', { description: 'Plan id.' }),
      name: t.exposeString('name', { description: 'Name shown to members.' }),
      slug: t.exposeString('slug', { description: 'Unique URL name: lower-case letters, digits and dashes.' }),
      description: t.exposeString('description', { description: 'Text shown to members; empty when none.' }),
      price: t.expose('price', {
        type: 'SafeInt',
        description: 'Minor units (cents) per period; for lifetime plans, once (a 53-bit integer).',
      }),
      currency: t.exposeString('currency', { description: 'ISO 4217.' }),
      interval: t.expose('interval', {
        type: enumType(builder, PlanInterval),
        description: 'Length unit of a period (day, week, month, year), or lifetime: paid once, never ends.',
      }),
      intervalCount: t.exposeInt('intervalCount', { description: 'Intervals per period.' }),
      trialDays: t.exposeInt('trialDays', { description: 'Days of free trial before the first period; 0: none.' }),
      status: t.expose('status', {
        type: enumType(builder, PlanStatus),
        description: 'active plans take new members; archived ones are hidden from non-managers and take none.',
      }),
      position: t.exposeInt('position', { description: 'Place in the plans list, from 1.' }),
      activeMembers: t.relationCount('memberships', {
        description: 'Memberships of the plan that grant access now.',
        where: (_args, ctx) => grantingWhere(ctx.platform.clock.now()),
      }),
      createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the plan was created (UTC).' }),
      updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'Last change to the plan (UTC).' }),
    }),
  });
});
