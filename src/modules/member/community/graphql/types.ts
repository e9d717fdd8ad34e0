// GraphQL types of the community part. Bodies are text: `body` as written, `bodyHtml` as safe HTML. Authors show only
// their public name. Reply, reaction and unread counts are t.loadable fields: one query each per response.
import { userIdOf } from '../../../../platform/principal.ts';
import { schemaPart } from '../../../../graphql/builder.ts';
import type { Context } from '../../../../graphql/context.ts';
import { enumType } from '../../../../graphql/zod-args.ts';
import { FlagReason, FlagTarget, ModerationStatus } from '../moderation.ts';
import { PostStatus, replyCounts } from '../posts.ts';
import { reactionCounts, REACTION_TYPES, type Counts } from '../reactions.ts';
import { SpaceVisibility } from '../spaces.ts';
import { bodyHtml } from '../text.ts';
import { unreadCounts } from '../dms.ts';

/** The reaction counts of every topic (or reply) of a response, in one query. */
const loadReactions = (targetType: 'topic' | 'reply') => async (ids: number[], ctx: Context) => {
  const counts = await reactionCounts(ctx.platform, targetType, ids);
  return ids.map((i) => counts.get(i) ?? {});
};

/** Published replies per topic, for a page of topics at once. */
async function loadReplyCounts(ids: number[], ctx: Context): Promise<number[]> {
  const counts = await replyCounts(ctx.platform, ids);
  return ids.map((i) => counts.get(i) ?? 0);
}

/** The caller's unread messages per conversation. */
async function loadUnread(ids: number[], ctx: Context): Promise<number[]> {
  const counts = await unreadCounts(ctx.platform, userIdOf(ctx.principal) ?? 0, ids);
  return ids.map((i) => counts.get(i) ?? 0);
}

const authorSelect = {
  author: { select: { displayName: true, memberProfile: { select: { displayName: true } } } },
} as const;
type WithAuthor = { author: { displayName: string; memberProfile: { displayName: string | null } | null } };
const nameOf = (p: WithAuthor) => p.author.memberProfile?.displayName ?? p.author.displayName;

export const communityTypes = schemaPart((builder) => {
  const Reactions = builder.objectRef<Counts>('MemberReactionCounts').implement({
    description: 'How many members reacted with each type.',
    fields: (t) =>
      Object.fromEntries(
        REACTION_TYPES.map((type) => [
          type,
          t.int({ description: `Members who reacted with ${type}.`, resolve: (c) => c[type] ?? 0 }),
        ]),
      ),
  });

  const SpaceType = builder.prismaObject('MemberSpace', {
    description: 'Where topics live.',
    fields: (t) => ({
      id: t.exposeInt('id', { description: 'Space id.' }),
      name: t.exposeString('name', { description: 'Name shown to members.' }),
      slug: t.exposeString('slug', { description: 'Unique URL name: lower-case letters, digits and dashes.' }),
      description: t.exposeString('description', { description: 'Text shown to members; empty when none.' }),
      visibility: t.expose('visibility', {
        type: enumType(builder, SpaceVisibility),
        description: 'Who reads it: public (everyone) or members (an active membership).',
      }),
      topicCount: t.relationCount('topics', { description: 'Published topics.', where: { status: 'published' } }),
      createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the space was created (UTC).' }),
    }),
  });

  const TopicType = builder.prismaObject('MemberTopic', {
    description: 'A discussion in a space.',
    fields: (t) => ({
      id: t.exposeInt('id', { description: 'Topic id.' }),
      spaceId: t.exposeInt('spaceId', { description: 'The space this topic belongs to.' }),
      authorId: t.exposeInt('authorId', { description: 'The author (user id).' }),
      authorName: t.string({
        description: "The author's community display name (their profile's, else the account's).",
        select: authorSelect,
        resolve: (p) => nameOf(p),
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

  const ReplyType = builder.prismaObject('MemberReply', {
    description: 'A reply to a topic; parent_id threads it under another reply.',
    fields: (t) => ({
      id: t.exposeInt('id', { description: 'Reply id.' }),
      topicId: t.exposeInt('topicId', { description: 'The topic this reply belongs to.' }),
      authorId: t.exposeInt('authorId', { description: 'The author (user id).' }),
      authorName: t.string({
        description: "The author's community display name (their profile's, else the account's).",
        select: authorSelect,
        resolve: (p) => nameOf(p),
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

  const ConversationType = builder.prismaObject('MemberConversation', {
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
  });

  const MessageType = builder.prismaObject('MemberMessage', {
    description: 'A direct message in a conversation; only its participants see it.',
    fields: (t) => ({
      id: t.exposeInt('id', { description: 'Message id.' }),
      conversationId: t.exposeInt('conversationId', { description: 'The conversation this message belongs to.' }),
      senderId: t.exposeInt('senderId', { description: 'The sender (user id).' }),
      body: t.exposeString('body', { description: 'As written: text, never HTML.' }),
      bodyHtml: t.string({
        description: 'The body as safe HTML (escaped; line breaks and links kept).',
        resolve: (m) => bodyHtml(m.body),
      }),
      createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was sent (UTC).' }),
    }),
  });

  const BlockType = builder.prismaObject('MemberBlock', {
    description: 'A member the caller does not accept messages from.',
    fields: (t) => ({
      userId: t.exposeInt('blockedId', { description: 'The blocked member (user id).' }),
      createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the caller blocked them (UTC).' }),
    }),
  });

  const BadgeType = builder.prismaObject('MemberBadge', {
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
  });

  const AwardType = builder.prismaObject('MemberBadgeAward', {
    description: 'A badge held by a member (awarded once per member and badge).',
    fields: (t) => ({
      badgeId: t.exposeInt('badgeId', { description: 'Badge id.' }),
      userId: t.exposeInt('userId', { description: 'The member holding it (user id).' }),
      badge: t.relation('badge', { description: 'The badge.' }),
      awardedAt: t.expose('awardedAt', { type: 'DateTime', description: 'When it was awarded (UTC).' }),
    }),
  });

  const DirectoryEntry = builder.prismaObject('User', {
    variant: 'MemberDirectoryEntry',
    description: 'A member as the directory shows them: the public profile only.',
    fields: (t) => ({
      userId: t.exposeInt('id', { description: 'The member (user id).' }),
      displayName: t.string({
        description: "Community display name (the profile's, else the account's).",
        select: { displayName: true, memberProfile: { select: { displayName: true } } },
        resolve: (u) => u.memberProfile?.displayName ?? u.displayName,
      }),
      bio: t.string({
        description: 'Profile text as written (plain text); empty when none.',
        select: { memberProfile: { select: { bio: true } } },
        resolve: (u) => u.memberProfile?.bio ?? '',
      }),
      avatarUrl: t.string({
        nullable: true,
        description: 'An https image URL; null when none.',
        select: { memberProfile: { select: { avatarUrl: true } } },
        resolve: (u) => u.memberProfile?.avatarUrl ?? null,
      }),
      badges: t.field({
        type: [BadgeType],
        description: 'Badges the member holds, oldest award first.',
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
    description: 'The moderation item of one flagged target, where all its flags gather.',
    fields: (t) => ({
      id: t.exposeInt('id', { description: 'Moderation item id.' }),
      targetType: t.expose('targetType', {
        type: enumType(builder, FlagTarget),
        description: 'What was flagged: topic, reply, message or member.',
      }),
      targetId: t.exposeInt('targetId', {
        description: 'Id of the flagged topic, reply, message or member (user id).',
      }),
      reason: t.expose('reason', { type: enumType(builder, FlagReason), description: 'The reason of the first flag.' }),
      flagCount: t.exposeInt('flagCount', {
        description: 'Flags received, one per member; the third hides a topic or reply until resolved.',
      }),
      status: t.expose('status', {
        type: enumType(builder, ModerationStatus),
        description: 'pending (to review), approved or removed.',
      }),
      createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the first flag came in (UTC).' }),
      resolvedBy: t.exposeInt('resolvedBy', {
        nullable: true,
        description: 'The moderator who resolved it (user id); null while pending.',
      }),
      resolvedAt: t.expose('resolvedAt', {
        type: 'DateTime',
        nullable: true,
        description: 'When it was resolved (UTC); null while pending.',
      }),
      note: t.exposeString('note', { nullable: true, description: "The moderator's note; null when none." }),
    }),
  });

  return {
    Reactions,
    SpaceType,
    TopicType,
    ReplyType,
    ConversationType,
    MessageType,
    BlockType,
    BadgeType,
    AwardType,
    DirectoryEntry,
    ModerationItemType,
  };
});
