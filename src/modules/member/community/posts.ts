// Topics and replies. Writing needs access to the space and a member in good standing (not suspended); a locked
// topic refuses replies (409). A new member's first post that links out is held for moderation (status pending, an
// item in the queue): the author and moderators see it, nobody else until it is approved. Hidden (removed) content
// disappears from every read.
import { z } from 'zod';
import type { Prisma } from '../../../generated/prisma/client.ts';
import { parseDeclared, type Input } from '../../../platform/validation.ts';
import { enumOf, id, inputObject, pageArgs, text } from '../../../input/vocabulary.ts';
import { definePolicy } from '../../../platform/policy.ts';
import type { Platform } from '../../../platform/platform.ts';
import { userIdOf, type Principal } from '../../../platform/principal.ts';
import { transaction } from '../../../platform/transaction.ts';
import { memberConflict, memberForbidden, replyNotFound, topicNotFound } from '../core/errors.ts';
import { holdIfNeeded } from './holds.ts';
import { linksOut } from './text.ts';
import { activeWriter, isCommunityManager } from './standing.ts';
import { visibleSpace, visibleSpaceIds } from './visibility.ts';

export const PostStatus = enumOf(
  'MemberPostStatus',
  ['published', 'pending', 'hidden'],
  'pending: held for moderation (its author and moderators see it); hidden: removed.',
  {
    published: 'Visible to everyone who may read the space.',
    pending: 'Held for moderation (held automatically or hidden by flags): only its author and moderators see it.',
    hidden: 'Removed by a moderator: hidden from every read.',
  },
);
const body = z
  .string()
  .max(50_000)
  .refine((s) => s.trim().length > 0, 'body must not be empty.')
  .describe('Text as written (served as text, and as safe HTML in body_html).');

export const TopicCreate = inputObject(
  'MemberTopicCreateInput',
  {
    spaceId: id().describe('The space to post in.'),
    title: text(300, 1).describe('Title, plain text.'),
    body,
  },
  "A new topic (held for moderation when it is the author's first post and links out).",
);
export const TopicUpdate = inputObject(
  'MemberTopicUpdateInput',
  {
    title: text(300, 1).optional().describe('Title, plain text.'),
    body: body.optional(),
    pinned: z.boolean().optional().describe('Moderators only.'),
    locked: z.boolean().optional().describe('Moderators only: a locked topic refuses replies.'),
    status: PostStatus.optional().describe('Moderators only.'),
  },
  'Changes to a topic: title and body by its author or a moderator, the rest by moderators; fields left out stay as they are.',
);
export const ReplyCreate = inputObject(
  'MemberReplyCreateInput',
  {
    topicId: id().describe('The topic replied to; not locked.'),
    parentId: id().optional().describe('The reply this one answers (threads).'),
    body,
  },
  "A new reply (held for moderation when it is the author's first post and links out).",
);
export const TopicFilter = { ...pageArgs, spaceId: id().optional().describe('Only topics of this space.') };
export const ReplyFilter = { ...pageArgs, topicId: id().describe('The topic whose replies to list.') };

/** Content a caller may read: published, or their own held posts; moderators also see held posts. */
export function readableWhere(principal: Principal): {
  OR: { status: string | { in: string[] }; authorId?: number }[];
} {
  const userId = userIdOf(principal);
  if (isCommunityManager(principal)) return { OR: [{ status: { in: ['published', 'pending'] } }] };
  return { OR: [{ status: 'published' }, ...(userId !== null ? [{ status: 'pending', authorId: userId }] : [])] };
}

const topics = definePolicy<'edit' | 'moderate', { authorId: number }>(
  {
    edit: (p, t) => userIdOf(p) === t.authorId || isCommunityManager(p),
    moderate: (p) => isCommunityManager(p),
  },
  { refuse: () => memberForbidden('Only its author edits a topic; moderators also pin, lock and hide it.') },
);

/** Published replies of each topic (one grouped query; a relation count would join every row of the space before a
 *  page's LIMIT). */
export async function replyCounts(platform: Platform, topicIds: readonly number[]): Promise<Map<number, number>> {
  const rows = await platform.prisma.memberReply.groupBy({
    by: ['topicId'],
    where: { topicId: { in: [...topicIds] }, status: 'published' },
    _count: { _all: true },
  });
  return new Map(rows.map((r) => [r.topicId, r._count._all]));
}

export async function topicWhere(
  platform: Platform,
  principal: Principal,
  args: { spaceId?: number | null },
): Promise<Prisma.MemberTopicWhereInput> {
  if (args.spaceId) await visibleSpace(platform, principal, args.spaceId);
  const spaceIds = args.spaceId ? [args.spaceId] : await visibleSpaceIds(platform, principal);
  return { spaceId: { in: spaceIds }, ...readableWhere(principal) };
}

/** A topic the caller may read (404 otherwise, so hidden and held content does not leak). */
export async function readableTopic(platform: Platform, principal: Principal, topicId: number) {
  const topic = await platform.prisma.memberTopic.findFirst({ where: { id: topicId, ...readableWhere(principal) } });
  if (!topic) throw topicNotFound(topicId);
  await visibleSpace(platform, principal, topic.spaceId);
  return topic;
}

export async function createTopic(platform: Platform, principal: Principal, input: Input<typeof TopicCreate>) {
  const data = parseDeclared(TopicCreate, input);
  const authorId = await activeWriter(platform, principal);
  await visibleSpace(platform, principal, data.spaceId);
  return transaction(platform, async (tx, after) => {
    const now = platform.clock.now();
    const topic = await tx.memberTopic.create({
      data: { ...data, authorId, createdAt: now, updatedAt: now, lastActivityAt: now },
    });
    const held = await holdIfNeeded(tx, platform, principal, {
      type: 'topic',
      id: topic.id,
      body: `${data.title}\n${data.body}`,
    });
    after.emit('member/topic/created', {
      topic_id: topic.id,
      space_id: topic.spaceId,
      author_id: authorId,
      status: held ? 'pending' : 'published',
    });
    return topic;
  });
}

export async function updateTopic(
  platform: Platform,
  principal: Principal,
  topicId: number,
  input: Input<typeof TopicUpdate>,
) {
  const data = parseDeclared(TopicUpdate, input);
  const topic = await readableTopic(platform, principal, topicId);
  // Each kind of change asks its own rule: pinning, locking and status are a moderator's (whoever wrote the topic);
  // title and body its author's or a moderator's.
  const moderates = data.pinned !== undefined || data.locked !== undefined || data.status !== undefined;
  const edits = data.title !== undefined || data.body !== undefined;
  if (moderates) topics.authorize(principal, 'moderate', topic);
  if (edits || !moderates) topics.authorize(principal, 'edit', topic);
  if (edits) await activeWriter(platform, principal);
  return transaction(platform, async (tx) => {
    const updated = await tx.memberTopic.update({
      where: { id: topicId },
      data: { ...data, updatedAt: platform.clock.now() },
    });
    // An edit that adds a link is held as the same post written with the link would have been.
    const before = `${topic.title}\n${topic.body}`;
    const after = `${updated.title}\n${updated.body}`;
    if (edits && !moderates && updated.status === 'published' && !linksOut(before) && linksOut(after)) {
      await holdIfNeeded(tx, platform, principal, { type: 'topic', id: topicId, body: after });
    }
    return updated;
  });
}

export async function createReply(platform: Platform, principal: Principal, input: Input<typeof ReplyCreate>) {
  const data = parseDeclared(ReplyCreate, input);
  const authorId = await activeWriter(platform, principal);
  // Whether the caller sees the topic's space takes reads of its own: they happen before the transaction, which
  // holds one connection and the topic's lock and must not wait for a second connection (issue 25).
  await readableTopic(platform, principal, data.topicId);
  return transaction(platform, async (tx, after) => {
    // The topic's row is locked: a lock by a moderator and this reply are one after the other.
    const locked = await tx.$queryRaw<
      { id: number }[]
    >`SELECT id FROM member_topics WHERE id = ${data.topicId} FOR UPDATE`;
    const topic = locked.length
      ? await tx.memberTopic.findFirst({ where: { id: data.topicId, ...readableWhere(principal) } })
      : null;
    if (!topic) throw topicNotFound(data.topicId);
    if (topic.locked) throw memberConflict('The topic is locked: it takes no replies.');
    if (topic.status !== 'published')
      throw memberConflict('The topic is held for moderation: it takes no replies yet.');
    if (data.parentId) {
      const parent = await tx.memberReply.findFirst({
        where: { id: data.parentId, topicId: topic.id, status: 'published' },
        select: { id: true },
      });
      if (!parent) throw replyNotFound(data.parentId);
    }
    const now = platform.clock.now();
    const reply = await tx.memberReply.create({
      data: {
        topicId: topic.id,
        parentId: data.parentId ?? null,
        body: data.body,
        authorId,
        createdAt: now,
        updatedAt: now,
      },
    });
    const held = await holdIfNeeded(tx, platform, principal, { type: 'reply', id: reply.id, body: data.body });
    if (!held) await tx.memberTopic.update({ where: { id: topic.id }, data: { lastActivityAt: now } });
    after.emit('member/reply/created', {
      reply_id: reply.id,
      topic_id: topic.id,
      author_id: authorId,
      parent_id: reply.parentId,
      status: held ? 'pending' : 'published',
    });
    return reply;
  });
}
