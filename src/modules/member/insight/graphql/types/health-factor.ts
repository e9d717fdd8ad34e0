// The MemberHealthFactor type: one weighted factor of a member's health score.
import { schemaPart } from '../../../../../graphql/builder.ts';
import { enumType } from '../../../../../graphql/zod-args.ts';
import { enumOf } from '../../../../../input/vocabulary.ts';
import { WEIGHTS, type HealthFactor } from '../../health.ts';

const FactorName = enumOf(
  'MemberHealthFactorName',
  Object.keys(WEIGHTS) as [keyof typeof WEIGHTS, ...(keyof typeof WEIGHTS)[]],
  'The four factors of the health score.',
  {
    recency: '100 on the day of the last activity, falling to 0 at 60 days without any (weight 0.4).',
    progress: 'Mean completion of the courses the member is enrolled in; 50 (neutral) with none (weight 0.2).',
    community: 'Topics, replies and direct messages in the last 30 days, 20 each, up to 100 (weight 0.2).',
    tenure: 'Months since the first membership started, 100 from twelve months (weight 0.2).',
  },
);

export const healthFactorType = schemaPart((builder) =>
  builder.objectRef<HealthFactor>('MemberHealthFactor').implement({
    description: 'One factor of the health score.',
    fields: (t) => ({
      name: t.expose('name', { type: enumType(builder, FactorName), description: 'Which factor.' }),
      value: t.exposeFloat('value', { description: "The factor's score, 0 to 100." }),
      weight: t.exposeFloat('weight', { description: 'Its share of the score (0 to 1; the weights sum to 1).' }),
    }),
  }),
);
