// What the insight part shows of a member to member managers: the Member type's `health` (Pothos objectField on
// the core's type, so the core knows no part) on GET /members/{id}, and GET /members/{id}/health.
import { schemaPart } from '../../../../graphql/builder.ts';
import { zodArgs } from '../../../../graphql/zod-args.ts';
import { id } from '../../../../input/vocabulary.ts';
import { rest, selectOn } from '../../../../rest/binding.ts';
import { requiresMemberCapability } from '../../core/capabilities.ts';
import { memberType } from '../../core/graphql/types/member.ts';
import { assertMember } from '../../core/service/members.ts';
import { healthOf, healthOfMany } from '../health.ts';
import { healthType } from './types/health.ts';

const HEALTH = `score band factors { name value weight } computed_at: computedAt`;

export const memberHealthSchema = schemaPart((builder) => {
  const HealthRef = healthType(builder);
  builder.objectField(memberType(builder), 'health', (t) =>
    t.loadable({
      type: HealthRef,
      description: 'Member health (the insight part).',
      load: (ids: number[], ctx) => healthOfMany(ctx.platform, ids),
      resolve: (u) => u.id,
    }),
  );
  selectOn(builder, 'Query.member', 'GET /member/v1/members/:id', `health { ${HEALTH} }`);

  builder.queryFields((t) => ({
    memberHealth: t.field({
      type: HealthRef,
      description: "A member's health: score, band and factors.",
      ...requiresMemberCapability('member_manage_members'),
      args: zodArgs(t, { id: id().describe('The member (user id).') }),
      ...rest('GET /member/v1/members/:id/health', { select: HEALTH }),
      resolve: async (_r, { id }, ctx) => {
        await assertMember(ctx.platform, id);
        return healthOf(ctx.platform, id);
      },
    }),
  }));
});
