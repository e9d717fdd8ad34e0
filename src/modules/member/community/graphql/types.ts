// GraphQL types of the community part. Bodies are text: `body` as written, `bodyHtml` as safe HTML. Authors show only
// their public name. Reply, reaction and unread counts are t.loadable fields: one query each per response.
import { schemaPart } from '../../../../graphql/builder.ts';
import type { Context } from '../../../../graphql/context.ts';
import { enumType } from '../../../../graphql/zod-args.ts';
import { FlagReason, FlagTarget, ModerationStatus } from '../moderation.ts';
import { PostStatus } from '../posts.ts';
import { reactionCounts, REACTION_TYPES, type Counts } from '../reactions.ts';
import { SpaceVisibility } from '../spaces.ts';
import { bodyHtml } from '../text.ts';
import { unreadCounts } from '../dms.ts';
import { userIdOf } from '../standing.ts';

/** The reaction counts of every topic (or reply) of a response, in one query. */
const loadReactions = (targetType: 'topic' | 'reply') => async (ids: number[], ctx: Context) => {
  const counts = await reactionCounts(ctx.platform, targetType, ids);
  return ids.map((i) => counts.get(i) ?? {});
};

/** Published replies per topic, for a page of topics in one grouped query (a relation count would join every row of
 * the space before the page's LIMIT). */
async function loadReplyCounts(ids: number[], ctx: Context): Promise<number[]> {
  const rows = await ctx.platform.prisma.memberReply.groupBy({ by: ['topicId'], where: { topicId: { in: ids }, status: 'published' }, _count: { _all: true } });
  return ids.map((i) => rows.find((r) => r.topicId === i)?._count._all ?? 0);
}

/** The caller's unread messages per conversation. */
async function loadUnread(ids: number[], ctx: Context): Promise<number[]> {
  const counts = await unreadCounts(ctx.platform, userIdOf(ctx.principal) ?? 0, ids);
  return ids.map((i) => counts.get(i) ?? 0);
}

const authorSelect = { author: { select: { displayName: true, memberProfile: { select: { displayName: true } } } } } as const;
type WithAuthor = { author: { displayName: string; memberProfile: { displayName: string | null } | null } };
const nameOf = (p: WithAuthor) => p.author.memberProfile?.displayName ?? p.author.displayName;

export const communityTypes = schemaPart((builder) => {
  const Reactions = builder.objectRef<Counts>('MemberReactionCounts').implement({
    description: 'How many members reacted with each type.',
    fields: (t) => Object.fromEntries(REACTION_TYPES.map((type) => [type, t.int({ resolve: (c) => c[type] ?? 0 })])),
  });

  const SpaceType = builder.prismaObject('MemberSpace', {
    description: 'Where topics live.',
    fields: (t) => ({
      id: t.exposeInt('id'),
      name: t.exposeString('name'),
      slug: t.exposeString('slug'),
      description: t.exposeString('description'),
      visibility: t.expose('visibility', { type: enumType(builder, SpaceVisibility) }),
      topicCount: t.relationCount('topics', { description: 'Published topics.', where: { status: 'published' } }),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
    }),
  });

  const TopicType = builder.prismaObject('MemberTopic', {
    description: 'A discussion in a space.',
    fields: (t) => ({
      id: t.exposeInt('id'),
      spaceId: t.exposeInt('spaceId'),
      authorId: t.exposeInt('authorId'),
      authorName: t.string({ select: authorSelect, resolve: (p) => nameOf(p) }),
      title: t.exposeString('title'),
      body: t.exposeString('body', { description: 'As written: text, never HTML (render it as text).' }),
      bodyHtml: t.string({ description: 'The body as safe HTML (escaped; line breaks and links kept).', resolve: (p) => bodyHtml(p.body) }),
      status: t.expose('status', { type: enumType(builder, PostStatus) }),
      pinned: t.exposeBoolean('pinned'),
      locked: t.exposeBoolean('locked'),
      replyCount: t.loadable({ type: 'Int', description: 'Published replies.', load: loadReplyCounts, resolve: (p) => p.id }),
      reactions: t.loadable({ type: Reactions, load: loadReactions('topic'), resolve: (p) => p.id }),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
      lastActivityAt: t.expose('lastActivityAt', { type: 'DateTime' }),
    }),
  });

  const ReplyType = builder.prismaObject('MemberReply', {
    description: 'A reply to a topic; parent_id threads it under another reply.',
    fields: (t) => ({
      id: t.exposeInt('id'),
      topicId: t.exposeInt('topicId'),
      authorId: t.exposeInt('authorId'),
      authorName: t.string({ select: authorSelect, resolve: (p) => nameOf(p) }),
      parentId: t.exposeInt('parentId', { nullable: true }),
      body: t.exposeString('body', { description: 'As written: text, never HTML (render it as text).' }),
      bodyHtml: t.string({ description: 'The body as safe HTML.', resolve: (p) => bodyHtml(p.body) }),
      status: t.expose('status', { type: enumType(builder, PostStatus) }),
      reactions: t.loadable({ type: Reactions, load: loadReactions('reply'), resolve: (p) => p.id }),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
    }),
  });

  const ConversationType = builder.prismaObject('MemberConversation', {
    description: 'A direct conversation: only its participants ever see it.',
    fields: (t) => ({
      id: t.exposeInt('id'),
      participantIds: t.intList({ select: { participants: { select: { userId: true }, orderBy: { userId: 'asc' } } }, resolve: (c) => c.participants.map((p) => p.userId) }),
      lastMessageAt: t.expose('lastMessageAt', { type: 'DateTime' }),
      unreadCount: t.loadable({ type: 'Int', description: 'Messages from the others the caller has not read.', load: loadUnread, resolve: (c) => c.id }),
    }),
  });

  const MessageType = builder.prismaObject('MemberMessage', {
    fields: (t) => ({
      id: t.exposeInt('id'),
      conversationId: t.exposeInt('conversationId'),
      senderId: t.exposeInt('senderId'),
      body: t.exposeString('body', { description: 'As written: text, never HTML.' }),
      bodyHtml: t.string({ resolve: (m) => bodyHtml(m.body) }),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
    }),
  });

  const BlockType = builder.prismaObject('MemberBlock', {
    description: 'A member the caller does not accept messages from.',
    fields: (t) => ({ userId: t.exposeInt('blockedId'), createdAt: t.expose('createdAt', { type: 'DateTime' }) }),
  });

  const BadgeType = builder.prismaObject('MemberBadge', {
    fields: (t) => ({
      id: t.exposeInt('id'),
      name: t.exposeString('name'),
      slug: t.exposeString('slug'),
      description: t.exposeString('description'),
      icon: t.exposeString('icon'),
      criteria: t.field({ type: 'JSON', description: '{"manual": true} or {"event": "member/reply/created", "count": 10}.', resolve: (b) => b.criteria }),
      awardedCount: t.relationCount('awards'),
    }),
  });

  const AwardType = builder.prismaObject('MemberBadgeAward', {
    fields: (t) => ({
      badgeId: t.exposeInt('badgeId'),
      userId: t.exposeInt('userId'),
      badge: t.relation('badge'),
      awardedAt: t.expose('awardedAt', { type: 'DateTime' }),
    }),
  });

  const DirectoryEntry = builder.prismaObject('User', {
    variant: 'MemberDirectoryEntry',
    description: 'A member as the directory shows them: the public profile only.',
    fields: (t) => ({
      userId: t.exposeInt('id'),
      displayName: t.string({ select: { displayName: true, memberProfile: { select: { displayName: true } } }, resolve: (u) => u.memberProfile?.displayName ?? u.displayName }),
      bio: t.string({ select: { memberProfile: { select: { bio: true } } }, resolve: (u) => u.memberProfile?.bio ?? '' }),
      avatarUrl: t.string({ nullable: true, select: { memberProfile: { select: { avatarUrl: true } } }, resolve: (u) => u.memberProfile?.avatarUrl ?? null }),
      badges: t.field({
        type: [BadgeType],
        select: { badgeAwards: { select: { badge: true }, orderBy: { awardedAt: 'asc' } } },
        resolve: (u) => u.badgeAwards.map((a) => a.badge),
      }),
      joinedAt: t.field({
        type: 'DateTime',
        description: 'The start of the first membership.',
        select: { memberships: { select: { startedAt: true }, orderBy: { startedAt: 'asc' }, take: 1 } },
        resolve: (u) => u.memberships[0]?.startedAt ?? new Date(0),
      }),
    }),
  });

  const ModerationItemType = builder.prismaObject('MemberModerationItem', {
    fields: (t) => ({
      id: t.exposeInt('id'),
      targetType: t.expose('targetType', { type: enumType(builder, FlagTarget) }),
      targetId: t.exposeInt('targetId'),
      reason: t.expose('reason', { type: enumType(builder, FlagReason) }),
      flagCount: t.exposeInt('flagCount'),
      status: t.expose('status', { type: enumType(builder, ModerationStatus) }),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
      resolvedBy: t.exposeInt('resolvedBy', { nullable: true }),
      resolvedAt: t.expose('resolvedAt', { type: 'DateTime', nullable: true }),
      note: t.exposeString('note', { nullable: true }),
    }),
  });

  return { Reactions, SpaceType, TopicType, ReplyType, ConversationType, MessageType, BlockType, BadgeType, AwardType, DirectoryEntry, ModerationItemType };
});
