// The MemberBadge type: a badge members earn, by hand or automatically.
import { schemaPart } from '../../../../../graphql/builder.ts';

export const badgeType = schemaPart((builder) =>
  builder.prismaObject('MemberBadge', {
    description:
      'A badge members earn: awarded by hand, or automatically when a member has caused an event a number of times.',
    fields: (t) => ({
      id: t.exposeInt('id', { description: 'Badge id.' }),
      name: t.exposeString('name', { description: 'Name shown to members.' }),
      slug: t.exposeString('slug', { description: 'Unique URL name: lower-case letters, digits and dashes.' }),
      description: t.exposeString('description', { description: 'Text shown to members; empty when none.' }),
      icon: t.exposeString('icon', { description: 'An icon name or URL, as the client shows it; empty when none.' }),
      criteria: t.field({
        type: 'JSON',
        description: '{"manual": true} or {"event": "member/reply/created", "count": 10}.',
        resolve: (b) => b.criteria,
      }),
      awardedCount: t.relationCount('awards', { description: 'Members holding the badge.' }),
    }),
  }),
);
