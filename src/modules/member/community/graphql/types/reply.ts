// The MemberReply type: a reply to a topic, threaded under another reply by parent_id. Its reaction counts load for
// every reply of a response in one query.
import { schemaPart } from '../../../../../graphql/builder.ts';
import { enumType } from '../../../../../graphql/zod-args.ts';
import { PostStatus } from '../../posts.ts';
import { bodyHtml } from '../../text.ts';
import { authorName, authorSelect } from './author.ts';
import { loadReactions, reactionCountsType } from './reaction-counts.ts';

export const replyType = schemaPart((builder) => {
  const Reactions = reactionCountsType(builder);
  return builder.prismaObject('MemberReply', {
    description: 'A reply to a topic; parent_id threads it under another reply.',
    fields: (t) => ({
      id: t.exposeInt('id', { description: 'Reply id.' }),
      topicId: t.exposeInt('topicId', { description: 'The topic this reply belongs to.' }),
      authorId: t.exposeInt('authorId', { description: 'The author (user id).' }),
      authorName: t.string({
        description: "The author's community display name (their profile's, else the account's).",
        select: authorSelect,
        resolve: (p) => authorName(p),
      }),
      parentId: t.exposeInt('parentId', {
        nullable: true,
        description: 'The reply this one answers; null: a reply to the topic itself.',
      }),
      body: t.exposeString('body', { description: 'As written: text, never HTML (render it as text).' }),
      bodyHtml: t.string({ description: 'The body as safe HTML.', resolve: (p) => bodyHtml(p.body) }),
      status: t.expose('status', {
        description: 'published, pending (held for moderation) or hidden (removed).',
        type: enumType(builder, PostStatus),
      }),
      reactions: t.loadable({
        description: 'Reaction counts by type.',
        type: Reactions,
        load: loadReactions('reply'),
        resolve: (p) => p.id,
      }),
      createdAt: t.expose('createdAt', { description: 'When the reply was posted (UTC).', type: 'DateTime' }),
    }),
  });
});
