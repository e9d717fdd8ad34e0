// GraphQL types of the membership core. Closed sets are enums with the lowercase REST values.
import { schemaPart } from '../../../../graphql/builder.ts';
import { enumType } from '../../../../graphql/zod-args.ts';
import { ACCESS_REASONS, type AccessResult } from '../access/check.ts';
import { DripMethod } from '../access/rules.ts';
import { TargetTypeEnum } from '../access/targets.ts';
import { MembershipSource } from '../service/memberships.ts';
import { MemberStatus } from '../service/members.ts';
import { PlanInterval, PlanStatus } from '../service/plans.ts';
import type { Proration } from '../service/proration.ts';
import { memberSections, type CourseProgressSummary, type HealthFactor, type MemberBadge, type MemberHealth } from '../service/sections.ts';
import { grantingWhere, grants, MembershipStatusEnum } from '../service/statuses.ts';
import { enumOf } from '../../../../input/vocabulary.ts';

export const HealthBand = enumOf('MemberHealthBand', ['healthy', 'at_risk', 'critical'], 'healthy (score ≥ 70), at_risk (≥ 40) or critical.');
export const AccessReason = enumOf('MemberAccessReason', ACCESS_REASONS, 'Why access is (or is not) granted: granted (a rule\'s plan, or a manager), no_rule (no rule gates the item: open to logged-in users), not_logged_in, no_membership (none of the rule\'s plans), membership_inactive (one exists but does not grant now), drip_pending (opens at availableAt), prerequisite_pending (another item must be completed first).');

export const memberTypes = schemaPart((builder) => {
  const MemberPlanType = builder.prismaObject('MemberPlan', {
    description: 'A plan members join. Money is an integer in minor units with its ISO 4217 currency.',
    fields: (t) => ({
      id: t.exposeInt('id', { description: 'Plan id.' }),
      name: t.exposeString('name', { description: 'Name shown to members.' }),
      slug: t.exposeString('slug', { description: 'Unique URL name: lower-case letters, digits and dashes.' }),
      description: t.exposeString('description', { description: 'Text shown to members; empty when none.' }),
      price: t.expose('price', { type: 'SafeInt', description: 'Minor units (cents) per period; for lifetime plans, once (a 53-bit integer).' }),
      currency: t.exposeString('currency', { description: 'ISO 4217.' }),
      interval: t.expose('interval', { type: enumType(builder, PlanInterval), description: 'Length unit of a period (day, week, month, year), or lifetime: paid once, never ends.' }),
      intervalCount: t.exposeInt('intervalCount', { description: 'Intervals per period.' }),
      trialDays: t.exposeInt('trialDays', { description: 'Days of free trial before the first period; 0: none.' }),
      status: t.expose('status', { type: enumType(builder, PlanStatus), description: 'active plans take new members; archived ones are hidden from non-managers and take none.' }),
      position: t.exposeInt('position', { description: 'Place in the plans list, from 1.' }),
      activeMembers: t.relationCount('memberships', {
        description: 'Memberships of the plan that grant access now.',
        where: (_args, ctx) => grantingWhere(ctx.platform.clock.now()),
      }),
      createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the plan was created (UTC).' }),
      updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'Last change to the plan (UTC).' }),
    }),
  });

  const ProrationType = builder.objectRef<Proration>('MembershipProration').implement({
    description: "The last upgrade's proration, as data: no payment is taken.",
    fields: (t) => ({
      credit: t.expose('credit', { type: 'SafeInt', description: 'Unused part of the old plan, minor units.' }),
      charge: t.expose('charge', { type: 'SafeInt', description: 'The new plan for the rest of the period, minor units.' }),
      currency: t.exposeString('currency', { description: 'ISO 4217 code of both amounts.' }),
    }),
  });

  const MembershipType = builder.prismaObject('Membership', {
    description: "A user's membership of a plan.",
    fields: (t) => ({
      id: t.exposeInt('id', { description: 'Membership id.' }),
      userId: t.exposeInt('userId', { description: 'The member (user id).' }),
      planId: t.exposeInt('planId', { description: 'The plan held now (after an upgrade, the new one).' }),
      plan: t.relation('plan', { description: 'The plan held now.' }),
      status: t.expose('status', { type: enumType(builder, MembershipStatusEnum), description: 'trialing and active grant access while the period lasts; pending, paused, cancelled and expired do not.' }),
      grantsAccess: t.boolean({ description: 'Whether it grants access now.', resolve: (m, _a, ctx) => grants(m, ctx.platform.clock.now()) }),
      startedAt: t.expose('startedAt', { type: 'DateTime', description: 'When the membership started (UTC); the trial, if any, starts here.' }),
      trialEndsAt: t.expose('trialEndsAt', { type: 'DateTime', nullable: true, description: 'When the free trial ends and the first period starts (UTC); null without a trial.' }),
      currentPeriodEnd: t.expose('currentPeriodEnd', { type: 'DateTime', nullable: true, description: 'null: lifetime.' }),
      pausedUntil: t.expose('pausedUntil', { type: 'DateTime', nullable: true, description: 'When a paused membership resumes by itself (UTC); null: not paused, or paused until resumed.' }),
      cancelAtPeriodEnd: t.exposeBoolean('cancelAtPeriodEnd', { description: 'Cancelled: access lasts until the period end.' }),
      cancelledAt: t.expose('cancelledAt', { type: 'DateTime', nullable: true, description: 'When the cancellation was asked (UTC); null if never cancelled.' }),
      cancelReason: t.exposeString('cancelReason', { nullable: true, description: 'Reason given with the cancellation (revoked for a revoke); null when none.' }),
      endedAt: t.expose('endedAt', { type: 'DateTime', nullable: true, description: 'When access ended for good (cancelled or expired, UTC); null while live.' }),
      previousPlanId: t.exposeInt('previousPlanId', { nullable: true, description: 'Plan held before the last upgrade or downgrade; null if never swapped.' }),
      proration: t.field({ type: ProrationType, nullable: true, description: 'Credit and charge of the last plan swap; null if never swapped.', resolve: (m) => (m.proration as Proration | null) ?? null }),
      source: t.expose('source', { type: enumType(builder, MembershipSource), description: 'Who created it: manual (a manager\'s grant), api, or import.' }),
      sourceRef: t.exposeString('sourceRef', { nullable: true, description: 'Key of the imported record (e.g. pmpro:12:3), what re-imports match on; null unless imported.' }),
      sourceStatus: t.exposeString('sourceStatus', { nullable: true, description: "The importer's verbatim source status." }),
      createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the row was created (UTC).' }),
      updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'Last change, moves included (UTC).' }),
    }),
  });

  const ProgressRef = builder.objectRef<CourseProgressSummary>('MemberCourseProgress').implement({
    description: "A learner's progress in one course they are enrolled in.",
    fields: (t) => ({
      courseId: t.exposeInt('courseId', { description: 'Course id.' }),
      completedLessons: t.exposeInt('completedLessons', { description: 'Published lessons of the course the learner completed.' }),
      totalLessons: t.exposeInt('totalLessons', { description: 'Published lessons in the course\'s published modules.' }),
      percent: t.exposeInt('percent', { description: '0 to 100.' }),
      completed: t.exposeBoolean('completed', { description: 'Whether every published lesson is completed.' }),
    }),
  });
  const BadgeRef = builder.objectRef<MemberBadge>('MemberBadgeHeld').implement({
    description: 'A badge a member was awarded.',
    fields: (t) => ({
      badgeId: t.exposeInt('badgeId', { description: 'Badge id.' }),
      name: t.exposeString('name', { description: 'Badge name.' }),
      slug: t.exposeString('slug', { description: 'Badge slug.' }),
      awardedAt: t.expose('awardedAt', { type: 'DateTime', description: 'When it was awarded (UTC).' }),
    }),
  });
  const FactorRef = builder.objectRef<HealthFactor>('MemberHealthFactor').implement({
    description: 'One factor of the health score.',
    fields: (t) => ({
      name: t.exposeString('name', { description: 'recency, progress, community or tenure.' }),
      value: t.exposeFloat('value', { description: 'The factor\'s score, 0 to 100.' }),
      weight: t.exposeFloat('weight', { description: 'Its share of the score (0 to 1; the weights sum to 1).' }),
    }),
  });
  const HealthRef = builder.objectRef<MemberHealth>('MemberHealth').implement({
    description: 'Member health: null until computed (the daily recompute).',
    fields: (t) => ({
      score: t.exposeInt('score', { nullable: true, description: '0 to 100.' }),
      band: t.expose('band', { type: enumType(builder, HealthBand), nullable: true, description: 'healthy (score ≥ 70), at_risk (≥ 40) or critical; null until computed.' }),
      factors: t.field({ type: [FactorRef], description: 'The weighted factors of the score; empty until computed.', resolve: (h) => h.factors }),
      computedAt: t.expose('computedAt', { type: 'DateTime', nullable: true, description: 'When the score was computed (UTC); null until then.' }),
    }),
  });

  const MemberType = builder.prismaObject('User', {
    variant: 'Member',
    description: 'A user who has or had a membership (for member managers).',

    fields: (t) => ({
      id: t.exposeInt('id', { description: 'User id.' }),
      username: t.exposeString('username', { description: 'Login name.' }),
      displayName: t.exposeString('displayName', { description: 'Name shown publicly.' }),
      email: t.exposeString('email', { description: 'E-mail address.' }),
      registeredAt: t.expose('createdAt', { type: 'DateTime', description: 'When the user account was created (UTC).' }),
      memberships: t.relation('memberships', { query: { orderBy: { id: 'asc' } }, description: 'Every membership, past and live, oldest first.' }),
      activePlanIds: t.intList({
        description: 'Plans of the memberships that grant access now.',
        select: (_args, ctx) => ({ memberships: { where: grantingWhere(ctx.platform.clock.now()), select: { planId: true }, orderBy: { planId: 'asc' } } }),
        resolve: (u) => [...new Set(u.memberships.map((m) => m.planId))],
      }),
      status: t.field({
        type: enumType(builder, MemberStatus),
        description: 'active when a membership grants access now, else inactive.',
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
      id: t.exposeInt('id', { description: 'Rule id.' }),
      targetType: t.expose('targetType', { type: enumType(builder, TargetTypeEnum), description: 'Type of the item gated.' }),
      targetId: t.exposeInt('targetId', { nullable: true, description: 'null: every item of the type.' }),
      planIds: t.exposeIntList('planIds', { description: 'Any of them grants (empty: any membership).' }),
      dripMethod: t.expose('dripMethod', { type: enumType(builder, DripMethod), description: 'When a granted item opens: none (at once), days_after_start, date or after_prerequisite.' }),
      dripDays: t.exposeInt('dripDays', { nullable: true, description: 'With days_after_start: days after the start of the earliest granting membership; null otherwise.' }),
      dripDate: t.expose('dripDate', { type: 'DateTime', nullable: true, description: 'With date: the instant the item opens (UTC); null otherwise.' }),
      prerequisiteType: t.expose('prerequisiteType', { type: enumType(builder, TargetTypeEnum), nullable: true, description: 'With after_prerequisite: type of the item to complete first; null otherwise.' }),
      prerequisiteId: t.exposeInt('prerequisiteId', { nullable: true, description: 'With after_prerequisite: id of the item to complete first; null otherwise.' }),
      createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the rule was created (UTC).' }),
      updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'Last change to the rule (UTC).' }),
    }),
  });

  const AccessResultType = builder.objectRef<AccessResult>('MemberAccess').implement({
    description: 'Whether a user may see an item now.',
    fields: (t) => ({
      allowed: t.exposeBoolean('allowed', { description: 'Whether the user may see the item now.' }),
      reason: t.expose('reason', { type: enumType(builder, AccessReason), description: 'Why: granted or no_rule when allowed; otherwise the refusal closest to access.' }),

      planIds: t.exposeIntList('planIds', { description: 'The plans that grant the item (empty: any membership, or no rule).' }),
      availableAt: t.expose('availableAt', { type: 'DateTime', nullable: true, description: 'When a drip opens (or opened) the item.' }),
    }),
  });

  return { MemberPlanType, MembershipType, MemberType, AccessRuleType, AccessResultType, ProgressRef, HealthRef };
});
