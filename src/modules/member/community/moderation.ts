// Flags and the moderation queue (Discourse's reviewables). A member flags a topic, reply, message or member once;
// flags gather on one item per target; three flags from different members hide a post until a moderator looks.
// Resolving approves (the content is published again) or removes (it disappears from every read; a removed member
// is suspended from the community for 30 days).
import { z } from 'zod';
import { isUniqueViolation } from '../../../platform/database-errors.ts';
import { parseDeclared, type Input } from '../../../platform/validation.ts';
import { enumOf, id, pageArgs, text } from '../../../input/vocabulary.ts';
import type { Platform } from '../../../platform/platform.ts';
import { userIdOf, type Principal } from '../../../platform/principal.ts';
import { transaction, type Tx } from '../../../platform/transaction.ts';
import {
  conversationNotFound,
  memberConflict,
  moderationItemNotFound,
  profileNotFound,
  replyNotFound,
  userNotFound,
} from '../core/errors.ts';
import { participatingConversation } from './dms.ts';
import { readableTopic, readableWhere } from './posts.ts';
import { activeWriter } from './standing.ts';

export const FLAG_REASONS = ['spam', 'inappropriate', 'off_topic', 'harassment', 'other'] as const;
export const FlagReason = enumOf(
  'MemberFlagReason',
  FLAG_REASONS,
  'Why content is flagged: spam, inappropriate, off_topic, harassment or other.',
  {
    spam: 'Advertising, scams or repeated unsolicited posts.',
    inappropriate: 'Offensive or unsuitable content.',
    off_topic: 'Does not belong in the space or thread.',
    harassment: 'Targets or threatens a person.',
    other: 'Any other reason (say why in the note).',
  },
);
export const FlagTarget = enumOf(
  'MemberFlagTarget',
  ['topic', 'reply', 'message', 'member'],
  'What can be flagged: a topic, a reply, a direct message (by a participant) or a member.',
  {
    topic: 'A topic of a space.',
    reply: 'A reply to a topic.',
    message: 'A direct message, flagged by one of its participants.',
    member: 'A member (the target id is their user id); removing suspends them for 30 days.',
  },
);
export const ModerationStatus = enumOf(
  'MemberModerationStatus',
  ['pending', 'approved', 'removed'],
  'pending: to review (a new flag reopens an approved item); approved: the content stays published; removed: hidden from every read.',
  {
    pending: 'Waiting for a moderator; a new flag reopens an approved item.',
    approved: 'A moderator kept the content: it stays (or is again) published.',
    removed: 'A moderator removed the content: hidden from every read.',
  },
);
export const ResolveAction = enumOf(
  'MemberModerationAction',
  ['approve', 'remove'],
  'approve: publish the content again; remove: hide it from every read (a member: suspend for 30 days).',
  {
    approve: 'Keep the content: publish it again if flags hid it.',
    remove: 'Hide the content from every read (a member: suspend for 30 days).',
  },
);
export const FlagInput = {
  targetType: FlagTarget,
  targetId: id().describe('Id of the topic, reply, message or member (user id).'),
  reason: FlagReason,
};
export const ResolveInput = {
  id: id().describe('Moderation item id.'),
  action: ResolveAction,
  note: text(2000).optional().describe("The moderator's note, kept on the item."),
};
export const QueueFilter = { ...pageArgs, status: ModerationStatus.default('pending') };
export const SuspendInput = {
  userId: id().describe('The member suspended.'),
  until: z.date().nullable().describe('The end of the suspension; null lifts it.'),
};

const HIDE_AFTER_FLAGS = 3;
const SUSPENSION_DAYS = 30;

/** The caller may see what they flag (and a DM only as its participant); 404 otherwise. */
async function assertFlaggable(platform: Platform, principal: Principal, targetType: string, targetId: number) {
  if (targetType === 'topic') return void (await readableTopic(platform, principal, targetId));
  if (targetType === 'reply') {
    const reply = await platform.prisma.memberReply.findFirst({
      where: { id: targetId, ...readableWhere(principal) },
      select: { topicId: true },
    });
    if (!reply) throw replyNotFound(targetId);
    return void (await readableTopic(platform, principal, reply.topicId));
  }
  if (targetType === 'message') {
    const m = await platform.prisma.memberMessage.findFirst({
      where: { id: targetId, status: 'published' },
      select: { conversationId: true },
    });
    if (!m) throw conversationNotFound();
    return void (await participatingConversation(platform, principal, m.conversationId));
  }
  if (!(await platform.prisma.membership.findFirst({ where: { userId: targetId }, select: { id: true } })))
    throw profileNotFound();
}

async function setStatus(tx: Tx, targetType: string, targetId: number, status: string) {
  if (targetType === 'topic') await tx.memberTopic.updateMany({ where: { id: targetId }, data: { status } });
  if (targetType === 'reply') await tx.memberReply.updateMany({ where: { id: targetId }, data: { status } });
  if (targetType === 'message')
    await tx.memberMessage.updateMany({
      where: { id: targetId },
      data: { status: status === 'pending' ? 'published' : status },
    });
}

export async function flag(platform: Platform, principal: Principal, input: Input<z.ZodObject<typeof FlagInput>>) {
  const data = parseDeclared(z.object(FlagInput), input);
  const userId = await activeWriter(platform, principal);
  if (data.targetType === 'member' && data.targetId === userId) throw memberConflict('You cannot flag yourself.');
  await assertFlaggable(platform, principal, data.targetType, data.targetId);
  try {
    return await transaction(platform, async (tx) => {
      const now = platform.clock.now();
      await tx.memberModerationItem.createMany({
        data: [{ targetType: data.targetType, targetId: data.targetId, reason: data.reason, createdAt: now }],
        skipDuplicates: true,
      });
      const [item] = await tx.$queryRaw<{ id: number; flag_count: number; status: string }[]>`
        UPDATE member_moderation_items SET flag_count = flag_count + 1,
          status = CASE WHEN status = 'approved' THEN 'pending' ELSE status END
        WHERE target_type = ${data.targetType} AND target_id = ${data.targetId} RETURNING id, flag_count, status`;
      if (item!.status === 'removed') throw memberConflict('This was removed already.');
      await tx.memberFlag.create({
        data: {
          itemId: item!.id,
          userId,
          targetType: data.targetType,
          targetId: data.targetId,
          reason: data.reason,
          createdAt: now,
        },
      });
      if (item!.flag_count >= HIDE_AFTER_FLAGS && (data.targetType === 'topic' || data.targetType === 'reply'))
        await setStatus(tx, data.targetType, data.targetId, 'pending');
      return tx.memberModerationItem.findUniqueOrThrow({ where: { id: item!.id } });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw memberConflict('You flagged this already.');
    throw err;
  }
}

export async function resolve(
  platform: Platform,
  principal: Principal,
  input: Input<z.ZodObject<typeof ResolveInput>>,
) {
  const data = parseDeclared(z.object(ResolveInput), input);
  return transaction(platform, async (tx) => {
    const locked = await tx.$queryRaw<{ id: number; status: string; target_type: string; target_id: number }[]>`
      SELECT id, status, target_type, target_id FROM member_moderation_items WHERE id = ${data.id} FOR UPDATE`;
    const item = locked[0];
    if (!item) throw moderationItemNotFound();
    if (item.status !== 'pending') throw memberConflict(`The item was ${item.status} already.`);
    const now = platform.clock.now();
    if (data.action === 'approve') await setStatus(tx, item.target_type, item.target_id, 'published');
    else if (item.target_type === 'member')
      await suspend(platform, item.target_id, new Date(now.getTime() + SUSPENSION_DAYS * 86_400_000), tx);
    else await setStatus(tx, item.target_type, item.target_id, 'hidden');
    return tx.memberModerationItem.update({
      where: { id: item.id },
      data: {
        status: data.action === 'approve' ? 'approved' : 'removed',
        resolvedBy: userIdOf(principal),
        resolvedAt: now,
        note: data.note ?? null,
      },
    });
  });
}

/** Suspends a member from writing, reacting and messaging until `until` (null lifts it); 404 for an unknown user. */
export async function suspend(platform: Platform, userId: number, until: Date | null, tx: Tx = platform.prisma) {
  if (!(await tx.user.findUnique({ where: { id: userId }, select: { id: true } }))) throw userNotFound(userId);
  const now = platform.clock.now();
  await tx.memberProfile.upsert({
    where: { userId },
    create: { userId, suspendedUntil: until, updatedAt: now },
    update: { suspendedUntil: until, updatedAt: now },
  });
}

/** What the moderator reviews: the target's text and author, read for a page of items in one query per kind. */
export async function targetsOf(platform: Platform, items: { targetType: string; targetId: number }[]) {
  const ids = (type: string) => items.filter((i) => i.targetType === type).map((i) => i.targetId);
  const [topics, replies, messages] = await Promise.all([
    platform.prisma.memberTopic.findMany({
      where: { id: { in: ids('topic') } },
      select: { id: true, title: true, body: true, authorId: true, status: true },
    }),
    platform.prisma.memberReply.findMany({
      where: { id: { in: ids('reply') } },
      select: { id: true, body: true, authorId: true, status: true },
    }),
    platform.prisma.memberMessage.findMany({
      where: { id: { in: ids('message') } },
      select: { id: true, body: true, senderId: true, status: true },
    }),
  ]);
  return (type: string, id: number) => {
    if (type === 'topic') {
      const t = topics.find((x) => x.id === id);
      return t ? { text: `${t.title}\n\n${t.body}`, authorId: t.authorId, status: t.status } : null;
    }
    if (type === 'reply') {
      const r = replies.find((x) => x.id === id);
      return r ? { text: r.body, authorId: r.authorId, status: r.status } : null;
    }
    if (type === 'message') {
      const m = messages.find((x) => x.id === id);
      return m ? { text: m.body, authorId: m.senderId, status: m.status } : null;
    }
    return { text: null, authorId: id, status: null };
  };
}
