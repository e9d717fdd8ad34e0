// The MemberHealth type: a member's score, band and factors, null until the daily recompute (or a first read)
// computed them.
import { schemaPart } from '../../../../../graphql/builder.ts';
import { enumType } from '../../../../../graphql/zod-args.ts';
import { enumOf } from '../../../../../input/vocabulary.ts';
import type { MemberHealth } from '../../health.ts';
import { healthFactorType } from './health-factor.ts';

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

export const healthType = schemaPart((builder) => {
  const FactorRef = healthFactorType(builder);
  return builder.objectRef<MemberHealth>('MemberHealth').implement({
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
});
