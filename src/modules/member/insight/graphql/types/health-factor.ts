// The MemberHealthFactor type: one weighted factor of a member's health score.
import { schemaPart } from '../../../../../graphql/builder.ts';
import type { HealthFactor } from '../../health.ts';

export const healthFactorType = schemaPart((builder) =>
  builder.objectRef<HealthFactor>('MemberHealthFactor').implement({
    description: 'One factor of the health score.',
    fields: (t) => ({
      name: t.exposeString('name', { description: 'recency, progress, community or tenure.' }),
      value: t.exposeFloat('value', { description: "The factor's score, 0 to 100." }),
      weight: t.exposeFloat('weight', { description: 'Its share of the score (0 to 1; the weights sum to 1).' }),
    }),
  }),
);
