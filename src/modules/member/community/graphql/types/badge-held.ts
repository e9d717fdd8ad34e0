// The MemberBadgeHeld type: a badge a member was awarded, as a member's record shows it (Member.badges).
import { schemaPart } from '../../../../../graphql/builder.ts';

export interface BadgeHeld {
  badgeId: number;
  name: string;
  slug: string;
  awardedAt: Date;
}

export const badgeHeldType = schemaPart((builder) =>
  builder.objectRef<BadgeHeld>('MemberBadgeHeld').implement({
    description: 'A badge a member was awarded.',
    fields: (t) => ({
      badgeId: t.exposeInt('badgeId', { description: 'Badge id.' }),
      name: t.exposeString('name', { description: 'Badge name.' }),
      slug: t.exposeString('slug', { description: 'Badge slug.' }),
      awardedAt: t.expose('awardedAt', { type: 'DateTime', description: 'When it was awarded (UTC).' }),
    }),
  }),
);
