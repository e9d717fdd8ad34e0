// The MemberTopic type: a discussion in a space. The body is text, served as written and as safe HTML; reply and
// reaction counts load for every topic of a response in one query each.
import { schemaPart } from '../../../../../graphql/builder.ts';
import type { Context } from '../../../../../graphql/context.ts';
import { enumType } from '../../../../../graphql/zod-args.ts';
import { PostStatus, replyCounts } from '../../posts.ts';
import { bodyHtml } from '../../text.ts';
import { authorName, authorSelect } from './author.ts';
import { loadReactions, reactionCountsType } from './reaction-counts.ts';

/** Published replies per topic, for a page of topics at once. */
async function loadReplyCounts(ids: number[], ctx: Context): Promise<number[]> {
  const counts = await replyCounts(ctx.platform, ids);
  return ids.map((i) => counts.get(i) ?? 0);
}

export const topicType = schemaPart((builder) => {
  const Reactions = reactionCountsType(builder);
  return builder.prismaObject('MemberTopic', {
    description: 'A discussion in a space.',
    fields: (t) => ({
      id: t.exposeInt('id', { description: 'Topic id.' }),
      spaceId: t.exposeInt('spaceId', { description: 'The space this topic belongs to.' }),
      authorId: t.exposeInt('authorId', { description: 'The author (user id).' }),
      authorName: t.string({
        description: "The author's community display name (their profile's, else the account's).",
        select: authorSelect,
        resolve: (p) => authorName(p),
      }),
      title: t.exposeString('title', { description: 'Title as written (plain text).' }),
      body: t.exposeString('body', { description: 'As written: text, never HTML (render it as text).' }),
      bodyHtml: t.string({
        description: 'The body as safe HTML (escaped; line breaks and links kept).',
        resolve: (p) => bodyHtml(p.body),
      }),
      status: t.expose('status', {
        description: 'published, pending (held for moderation) or hidden (removed).',
        type: enumType(builder, PostStatus),
      }),
      pinned: t.exposeBoolean('pinned', {
        description: 'Pinned topics list first in their space (set by moderators).',
      }),
      locked: t.exposeBoolean('locked', { description: 'A locked topic refuses new replies (set by moderators).' }),
      replyCount: t.loadable({
        type: 'Int',
        description: 'Published replies.',
        load: loadReplyCounts,
        resolve: (p) => p.id,
      }),
      reactions: t.loadable({
        description: 'Reaction counts by type.',
        type: Reactions,
        load: loadReactions('topic'),
        resolve: (p) => p.id,
      }),
      createdAt: t.expose('createdAt', { description: 'When the topic was posted (UTC).', type: 'DateTime' }),
      lastActivityAt: t.expose('lastActivityAt', {
        description: 'When it was posted or last got a published reply (UTC); topics list by it after the pinned ones.',
        type: 'DateTime',
      }),
    }),
  });
});
