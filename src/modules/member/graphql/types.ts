// GraphQL types of the membership core. Closed sets are enums with the lowercase REST values.
import { schemaPart } from '../../../graphql/builder.ts';
import { enumType } from '../../../graphql/zod-args.ts';
import { ACCESS_REASONS, type AccessResult } from '../access/check.ts';
import { DripMethod } from '../access/rules.ts';
import { TargetTypeEnum } from '../access/targets.ts';
import { MembershipSource } from '../service/memberships.ts';
import { MemberStatus } from '../service/members.ts';
import { PlanInterval, PlanStatus } from '../service/plans.ts';
import type { Proration } from '../service/proration.ts';
import { memberSections, type CourseProgressSummary, type HealthFactor, type MemberBadge, type MemberHealth } from '../service/sections.ts';
import { grantingWhere, grants, MembershipStatusEnum } from '../service/statuses.ts';
import { enumOf } from '../../../input/vocabulary.ts';

export const HealthBand = enumOf('MemberHealthBand', ['healthy', 'at_risk', 'critical'], 'healthy (score ≥ 70), at_risk (≥ 40) or critical.');
export const AccessReason = enumOf('MemberAccessReason', ACCESS_REASONS, 'Why access is (or is not) granted.');

export const memberTypes = schemaPart((builder) => {
  const MemberPlanType = builder.prismaObject('MemberPlan', {
    description: 'A plan members join. Money is an integer in minor units with its ISO 4217 currency.',
    fields: (t) => ({
      id: t.exposeInt('id'),
      name: t.exposeString('name'),
      slug: t.exposeString('slug'),
      description: t.exposeString('description'),
      price: t.exposeInt('price', { description: 'Minor units (cents) per period; for lifetime plans, once.' }),
      currency: t.exposeString('currency', { description: 'ISO 4217.' }),
      interval: t.expose('interval', { type: enumType(builder, PlanInterval) }),
      intervalCount: t.exposeInt('intervalCount', { description: 'Intervals per period.' }),
      trialDays: t.exposeInt('trialDays'),
      status: t.expose('status', { type: enumType(builder, PlanStatus) }),
      position: t.exposeInt('position'),
      activeMembers: t.relationCount('memberships', {
        description: 'Memberships of the plan that grant access now.',
        where: (_args, ctx) => grantingWhere(ctx.platform.clock.now()),
      }),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
      updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    }),
  });

  const ProrationType = builder.objectRef<Proration>('MembershipProration').implement({
    description: "The last upgrade's proration, as data: no payment is taken.",
    fields: (t) => ({
      credit: t.exposeInt('credit', { description: 'Unused part of the old plan, minor units.' }),
      charge: t.exposeInt('charge', { description: 'The new plan for the rest of the period, minor units.' }),
      currency: t.exposeString('currency'),
    }),
  });

  const MembershipType = builder.prismaObject('Membership', {
    description: "A user's membership of a plan.",
    fields: (t) => ({
      id: t.exposeInt('id'),
      userId: t.exposeInt('userId'),
      planId: t.exposeInt('planId'),
      plan: t.relation('plan'),
      status: t.expose('status', { type: enumType(builder, MembershipStatusEnum) }),
      grantsAccess: t.boolean({ description: 'Whether it grants access now.', resolve: (m, _a, ctx) => grants(m, ctx.platform.clock.now()) }),
      startedAt: t.expose('startedAt', { type: 'DateTime' }),
      trialEndsAt: t.expose('trialEndsAt', { type: 'DateTime', nullable: true }),
      currentPeriodEnd: t.expose('currentPeriodEnd', { type: 'DateTime', nullable: true, description: 'null: lifetime.' }),
      pausedUntil: t.expose('pausedUntil', { type: 'DateTime', nullable: true }),
      cancelAtPeriodEnd: t.exposeBoolean('cancelAtPeriodEnd', { description: 'Cancelled: access lasts until the period end.' }),
      cancelledAt: t.expose('cancelledAt', { type: 'DateTime', nullable: true }),
      cancelReason: t.exposeString('cancelReason', { nullable: true }),
      endedAt: t.expose('endedAt', { type: 'DateTime', nullable: true }),
      previousPlanId: t.exposeInt('previousPlanId', { nullable: true }),
      proration: t.field({ type: ProrationType, nullable: true, resolve: (m) => (m.proration as Proration | null) ?? null }),
      source: t.expose('source', { type: enumType(builder, MembershipSource) }),
      sourceRef: t.exposeString('sourceRef', { nullable: true }),
      sourceStatus: t.exposeString('sourceStatus', { nullable: true, description: "The importer's verbatim source status." }),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
      updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    }),
  });

  const ProgressRef = builder.objectRef<CourseProgressSummary>('MemberCourseProgress').implement({
    fields: (t) => ({
      courseId: t.exposeInt('courseId'),
      completedLessons: t.exposeInt('completedLessons'),
      totalLessons: t.exposeInt('totalLessons'),
      percent: t.exposeInt('percent', { description: '0 to 100.' }),
      completed: t.exposeBoolean('completed'),
    }),
  });
  const BadgeRef = builder.objectRef<MemberBadge>('MemberBadgeHeld').implement({
    fields: (t) => ({
      badgeId: t.exposeInt('badgeId'),
      name: t.exposeString('name'),
      slug: t.exposeString('slug'),
      awardedAt: t.expose('awardedAt', { type: 'DateTime' }),
    }),
  });
  const FactorRef = builder.objectRef<HealthFactor>('MemberHealthFactor').implement({
    fields: (t) => ({ name: t.exposeString('name'), value: t.exposeFloat('value'), weight: t.exposeFloat('weight') }),
  });
  const HealthRef = builder.objectRef<MemberHealth>('MemberHealth').implement({
    description: 'Member health: null until computed (the daily recompute).',
    fields: (t) => ({
      score: t.exposeInt('score', { nullable: true, description: '0 to 100.' }),
      band: t.expose('band', { type: enumType(builder, HealthBand), nullable: true }),
      factors: t.field({ type: [FactorRef], resolve: (h) => h.factors }),
      computedAt: t.expose('computedAt', { type: 'DateTime', nullable: true }),
    }),
  });

  const MemberType = builder.prismaObject('User', {
    variant: 'Member',
    description: 'A user who has or had a membership.',
    fields: (t) => ({
      id: t.exposeInt('id'),
      username: t.exposeString('username'),
      displayName: t.exposeString('displayName'),
      email: t.exposeString('email'),
      registeredAt: t.expose('createdAt', { type: 'DateTime' }),
      memberships: t.relation('memberships', { query: { orderBy: { id: 'asc' } } }),
      activePlanIds: t.intList({
        description: 'Plans of the memberships that grant access now.',
        select: (_args, ctx) => ({ memberships: { where: grantingWhere(ctx.platform.clock.now()), select: { planId: true }, orderBy: { planId: 'asc' } } }),
        resolve: (u) => [...new Set(u.memberships.map((m) => m.planId))],
      }),
      status: t.field({
        type: enumType(builder, MemberStatus),
        select: (_args, ctx) => ({ memberships: { where: grantingWhere(ctx.platform.clock.now()), select: { id: true }, take: 1 } }),
        resolve: (u) => (u.memberships.length ? 'active' : 'inactive'),
      }),
      progress: t.field({ type: [ProgressRef], description: 'Courses summary (the learning part).', resolve: (u, _a, ctx) => memberSections(ctx.platform).progress(u.id) }),
      badges: t.field({ type: [BadgeRef], description: 'Badges awarded (the community part).', resolve: (u, _a, ctx) => memberSections(ctx.platform).badges(u.id) }),
      health: t.field({ type: HealthRef, description: 'Member health (the insight part).', resolve: (u, _a, ctx) => memberSections(ctx.platform).health(u.id) }),
    }),
  });

  const AccessRuleType = builder.prismaObject('MemberAccessRule', {
    description: 'Which plans open an item (or every item of a type), and when.',
    fields: (t) => ({
      id: t.exposeInt('id'),
      targetType: t.expose('targetType', { type: enumType(builder, TargetTypeEnum) }),
      targetId: t.exposeInt('targetId', { nullable: true, description: 'null: every item of the type.' }),
      planIds: t.exposeIntList('planIds', { description: 'Any of them grants (empty: any membership).' }),
      dripMethod: t.expose('dripMethod', { type: enumType(builder, DripMethod) }),
      dripDays: t.exposeInt('dripDays', { nullable: true }),
      dripDate: t.expose('dripDate', { type: 'DateTime', nullable: true }),
      prerequisiteType: t.expose('prerequisiteType', { type: enumType(builder, TargetTypeEnum), nullable: true }),
      prerequisiteId: t.exposeInt('prerequisiteId', { nullable: true }),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
      updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    }),
  });

  const AccessResultType = builder.objectRef<AccessResult>('MemberAccess').implement({
    description: 'Whether a user may see an item now.',
    fields: (t) => ({
      allowed: t.exposeBoolean('allowed'),
      reason: t.expose('reason', { type: enumType(builder, AccessReason) }),
      planIds: t.exposeIntList('planIds', { description: 'The plans that grant the item (empty: any membership, or no rule).' }),
      availableAt: t.expose('availableAt', { type: 'DateTime', nullable: true, description: 'When a drip opens (or opened) the item.' }),
    }),
  });

  return { MemberPlanType, MembershipType, MemberType, AccessRuleType, AccessResultType, ProgressRef, HealthRef };
});
