// The MemberBadgeAward type: a badge held by a member (one award per member and badge).
import { schemaPart } from '../../../../../graphql/builder.ts';
import { badgeType } from './badge.ts';

export const badgeAwardType = schemaPart((builder) => {
  badgeType(builder); // its badge relation
  return builder.prismaObject('MemberBadgeAward', {
    description: 'A badge held by a member (awarded once per member and badge).',
    fields: (t) => ({
      badgeId: t.exposeInt('badgeId', { description: 'Badge id.' }),
      userId: t.exposeInt('userId', { description: 'The member holding it (user id).' }),
      badge: t.relation('badge', { description: 'The badge.' }),
      awardedAt: t.expose('awardedAt', { type: 'DateTime', description: 'When it was awarded (UTC).' }),
    }),
  });
});
