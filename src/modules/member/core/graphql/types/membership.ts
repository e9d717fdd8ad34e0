// The Membership type: a user's membership of a plan, with its last upgrade's proration.
import { schemaPart } from '../../../../../graphql/builder.ts';
import { enumType } from '../../../../../graphql/zod-args.ts';
import { planType } from './plan.ts';
import { MembershipSource } from '../../service/memberships.ts';
import type { Proration } from '../../service/proration.ts';
import { grants, MembershipStatusEnum } from '../../service/statuses.ts';

export const membershipType = schemaPart((builder) => {
  planType(builder); // its plan relation
  const ProrationType = builder.objectRef<Proration>('MembershipProration').implement({
    description: "The last upgrade's proration, as data: no payment is taken.",
    fields: (t) => ({
      credit: t.expose('credit', { type: 'SafeInt', description: 'Unused part of the old plan, minor units.' }),
      charge: t.expose('charge', {
        type: 'SafeInt',
        description: 'The new plan for the rest of the period, minor units.',
      }),
      currency: t.exposeString('currency', { description: 'ISO 4217 code of both amounts.' }),
    }),
  });

  return builder.prismaObject('Membership', {
    description: "A user's membership of a plan.",
    fields: (t) => ({
      id: t.exposeInt('id', { description: 'Membership id.' }),
      userId: t.exposeInt('userId', { description: 'The member (user id).' }),
      planId: t.exposeInt('planId', { description: 'The plan held now (after an upgrade, the new one).' }),
      plan: t.relation('plan', { description: 'The plan held now.' }),
      status: t.expose('status', {
        type: enumType(builder, MembershipStatusEnum),
        description:
          'trialing and active grant access while the period lasts; pending, paused, cancelled and expired do not.',
      }),
      grantsAccess: t.boolean({
        description: 'Whether it grants access now.',
        resolve: (m, _a, ctx) => grants(m, ctx.platform.clock.now()),
      }),
      startedAt: t.expose('startedAt', {
        type: 'DateTime',
        description: 'When the membership started (UTC); the trial, if any, starts here.',
      }),
      trialEndsAt: t.expose('trialEndsAt', {
        type: 'DateTime',
        nullable: true,
        description: 'When the free trial ends and the first period starts (UTC); null without a trial.',
      }),
      currentPeriodEnd: t.expose('currentPeriodEnd', {
        type: 'DateTime',
        nullable: true,
        description: 'null: lifetime.',
      }),
      pausedUntil: t.expose('pausedUntil', {
        type: 'DateTime',
        nullable: true,
        description: 'When a paused membership resumes by itself (UTC); null: not paused, or paused until resumed.',
      }),
      cancelAtPeriodEnd: t.exposeBoolean('cancelAtPeriodEnd', {
        description: 'Cancelled: access lasts until the period end.',
      }),
      cancelledAt: t.expose('cancelledAt', {
        type: 'DateTime',
        nullable: true,
        description: 'When the cancellation was asked (UTC); null if never cancelled.',
      }),
      cancelReason: t.exposeString('cancelReason', {
        nullable: true,
        description: 'Reason given with the cancellation (revoked for a revoke); null when none.',
      }),
      endedAt: t.expose('endedAt', {
        type: 'DateTime',
        nullable: true,
        description: 'When access ended for good (cancelled or expired, UTC); null while live.',
      }),
      previousPlanId: t.exposeInt('previousPlanId', {
        nullable: true,
        description: 'Plan held before the last upgrade or downgrade; null if never swapped.',
      }),
      proration: t.field({
        type: ProrationType,
        nullable: true,
        description: 'Credit and charge of the last plan swap; null if never swapped.',
        resolve: (m) => (m.proration as Proration | null) ?? null,
      }),
      source: t.expose('source', {
        type: enumType(builder, MembershipSource),
        description: "Who created it: manual (a manager's grant), api, or import.",
      }),
      sourceRef: t.exposeString('sourceRef', {
        nullable: true,
        description: 'Key of the imported record (e.g. pmpro:12:3), what re-imports match on; null unless imported.',
      }),
      sourceStatus: t.exposeString('sourceStatus', {
        nullable: true,
        description: "The importer's verbatim source status.",
      }),
      createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the row was created (UTC).' }),
      updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'Last change, moves included (UTC).' }),
    }),
  });
});
