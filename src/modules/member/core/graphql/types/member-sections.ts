// What a member's record shows of the other parts (GET /members/{id}): courses progress, badges held and health.
import { schemaPart } from '../../../../../graphql/builder.ts';
import { enumType } from '../../../../../graphql/zod-args.ts';
import { enumOf } from '../../../../../input/vocabulary.ts';
import type { CourseProgressSummary, HealthFactor, MemberBadge, MemberHealth } from '../../service/sections.ts';

export const HealthBand = enumOf(
  'MemberHealthBand',
  ['healthy', 'at_risk', 'critical'],
  'healthy (score ≥ 70), at_risk (≥ 40) or critical.',
  {
    healthy: 'Health score 70 or more.',
    at_risk: 'Health score 40 to 69: worth a nudge.',
    critical: 'Health score below 40: likely to leave.',
  },
);

export const memberSectionTypes = schemaPart((builder) => {
  const ProgressRef = builder.objectRef<CourseProgressSummary>('MemberCourseProgress').implement({
    description: "A learner's progress in one course they are enrolled in.",
    fields: (t) => ({
      courseId: t.exposeInt('courseId', { description: 'Course id.' }),
      completedLessons: t.exposeInt('completedLessons', {
        description: 'Published lessons of the course the learner completed.',
      }),
      totalLessons: t.exposeInt('totalLessons', {
        description: "Published lessons in the course's published modules.",
      }),
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
      value: t.exposeFloat('value', { description: "The factor's score, 0 to 100." }),
      weight: t.exposeFloat('weight', { description: 'Its share of the score (0 to 1; the weights sum to 1).' }),
    }),
  });
  const HealthRef = builder.objectRef<MemberHealth>('MemberHealth').implement({
    description: 'Member health: null until computed (the daily recompute).',
    fields: (t) => ({
      score: t.exposeInt('score', { nullable: true, description: '0 to 100.' }),
      band: t.expose('band', {
        type: enumType(builder, HealthBand),
        nullable: true,
        description: 'healthy (score ≥ 70), at_risk (≥ 40) or critical; null until computed.',
      }),
      factors: t.field({
        type: [FactorRef],
        description: 'The weighted factors of the score; empty until computed.',
        resolve: (h) => h.factors,
      }),
      computedAt: t.expose('computedAt', {
        type: 'DateTime',
        nullable: true,
        description: 'When the score was computed (UTC); null until then.',
      }),
    }),
  });

  return { ProgressRef, BadgeRef, HealthRef };
});
