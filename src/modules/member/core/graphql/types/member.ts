// The Member type: a user who has or had a membership, as member managers see them.
import { schemaPart } from '../../../../../graphql/builder.ts';
import { enumType } from '../../../../../graphql/zod-args.ts';
import { MemberStatus } from '../../service/members.ts';
import { memberSections } from '../../service/sections.ts';
import { grantingWhere } from '../../service/statuses.ts';
import { memberSectionTypes } from './member-sections.ts';
import { membershipType } from './membership.ts';

export const memberType = schemaPart((builder) => {
  const { ProgressRef, BadgeRef, HealthRef } = memberSectionTypes(builder);
  membershipType(builder); // its memberships relation
  return builder.prismaObject('User', {
    variant: 'Member',
    description: 'A user who has or had a membership (for member managers).',

    fields: (t) => ({
      id: t.exposeInt('id', { description: 'User id.' }),
      username: t.exposeString('username', { description: 'Login name.' }),
      displayName: t.exposeString('displayName', { description: 'Name shown publicly.' }),
      email: t.exposeString('email', { description: 'E-mail address.' }),
      registeredAt: t.expose('createdAt', {
        type: 'DateTime',
        description: 'When the user account was created (UTC).',
      }),
      memberships: t.relation('memberships', {
        query: { orderBy: { id: 'asc' } },
        description: 'Every membership, past and live, oldest first.',
      }),
      activePlanIds: t.intList({
        description: 'Plans of the memberships that grant access now.',
        select: (_args, ctx) => ({
          memberships: {
            where: grantingWhere(ctx.platform.clock.now()),
            select: { planId: true },
            orderBy: { planId: 'asc' },
          },
        }),
        resolve: (u) => [...new Set(u.memberships.map((m) => m.planId))],
      }),
      status: t.field({
        type: enumType(builder, MemberStatus),
        description: 'active when a membership grants access now, else inactive.',
        select: (_args, ctx) => ({
          memberships: { where: grantingWhere(ctx.platform.clock.now()), select: { id: true }, take: 1 },
        }),
        resolve: (u) => (u.memberships.length ? 'active' : 'inactive'),
      }),
      progress: t.field({
        type: [ProgressRef],
        description: 'Courses summary (the learning part).',
        resolve: async (u, _a, ctx) => (await memberSections(ctx.platform).progress(u.id)).rows,
      }),
      badges: t.field({
        type: [BadgeRef],
        description: 'Badges awarded (the community part).',
        resolve: (u, _a, ctx) => memberSections(ctx.platform).badges(u.id),
      }),
      health: t.field({
        type: HealthRef,
        description: 'Member health (the insight part).',
        resolve: (u, _a, ctx) => memberSections(ctx.platform).health(u.id),
      }),
    }),
  });
});
