// The community part: spaces with topics and replies, direct messages, the member directory, moderation and badges.
import './community-events.ts';
import type { MemberPart } from '../part.ts';
import { badgeListeners, ensureDefaultBadges } from './badges.ts';
import { dmsSchema } from './graphql/dms.ts';
import { memberBadgesSchema } from './graphql/member-badges.ts';
import { moderationSchema } from './graphql/moderation.ts';
import { peopleSchema } from './graphql/people.ts';
import { postsSchema } from './graphql/posts.ts';

export const community: MemberPart = {
  name: 'community',
  schema(builder) {
    postsSchema(builder);
    dmsSchema(builder);
    peopleSchema(builder);
    moderationSchema(builder);
    memberBadgesSchema(builder);
  },
  listeners: badgeListeners,
  start: ensureDefaultBadges, // the three default badges (the badge listeners are durable: listeners)
};
