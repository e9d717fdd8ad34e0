// The MemberConversation type: a direct conversation only its participants ever see; the caller's unread counts
// load for every conversation of a response in one query.
import { schemaPart } from '../../../../../graphql/builder.ts';
import type { Context } from '../../../../../graphql/context.ts';
import { userIdOf } from '../../../../../platform/principal.ts';
import { unreadCounts } from '../../dms.ts';

/** The caller's unread messages per conversation. */
async function loadUnread(ids: number[], ctx: Context): Promise<number[]> {
  const counts = await unreadCounts(ctx.platform, userIdOf(ctx.principal) ?? 0, ids);
  return ids.map((i) => counts.get(i) ?? 0);
}

export const conversationType = schemaPart((builder) =>
  builder.prismaObject('MemberConversation', {
    description: 'A direct conversation: only its participants ever see it.',
    fields: (t) => ({
      id: t.exposeInt('id', { description: 'Conversation id.' }),
      participantIds: t.intList({
        description: 'User ids of every participant, the caller included, ascending.',
        select: { participants: { select: { userId: true }, orderBy: { userId: 'asc' } } },
        resolve: (c) => c.participants.map((p) => p.userId),
      }),
      lastMessageAt: t.expose('lastMessageAt', {
        description: 'When the latest message was sent (UTC); conversations list by it.',
        type: 'DateTime',
      }),
      unreadCount: t.loadable({
        type: 'Int',
        description: 'Messages from the others the caller has not read.',
        load: loadUnread,
        resolve: (c) => c.id,
      }),
    }),
  }),
);
