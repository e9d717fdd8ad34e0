// Direct messages. A conversation is visible only to its participants — managers included: nobody reads others'
// DMs, and others get 404 so a conversation's existence does not leak. Starting one needs an active membership on
// both sides unless the recipient is a community manager; a member who blocked the sender is not reachable by them
// (403 member_forbidden); a per-sender rate limit stops DM spam.
import { z } from 'zod';
import { parseDeclared, type Input } from '../../../platform/validation.ts';
import { id, pageArgs } from '../../../input/vocabulary.ts';
import { definePolicy } from '../../../platform/policy.ts';
import type { Platform } from '../../../platform/platform.ts';
import { userIdOf, type Principal } from '../../../platform/principal.ts';
import { hitRateLimit } from '../../../platform/rate-limit.ts';
import { transaction, type Tx } from '../../../platform/transaction.ts';
import { conversationNotFound, memberConflict, memberForbidden, userNotFound } from '../core/errors.ts';
import { grantingWhere } from '../core/service/statuses.ts';
import { activeWriter } from './standing.ts';

const body = z
  .string()
  .max(10_000)
  .refine((s) => s.trim().length > 0, 'message must not be empty.');
export const ConversationCreate = {
  participantIds: z.array(id()).min(1).max(9).describe('The other participants (you are one).'),
  message: body.describe('The first message.'),
};
export const MessageCreate = {
  id: id().describe('The conversation.'),
  body: body.describe('Text as written (served as text, and as safe HTML in bodyHtml).'),
};
export const MessagesFilter = { ...pageArgs, id: id().describe('The conversation.') };

const conversations = definePolicy<'read' | 'write', { participantIds: number[] }>(
  {
    read: (p, c) => c.participantIds.includes(userIdOf(p) ?? -1),
    write: (p, c) => c.participantIds.includes(userIdOf(p) ?? -1),
  },
  { refuse: () => conversationNotFound() },
);

/** The conversation with its participants, if the caller takes part (404 otherwise). */
export async function participatingConversation(
  platform: Platform,
  principal: Principal,
  conversationId: number,
  action: 'read' | 'write' = 'read',
) {
  const c = await platform.prisma.memberConversation.findUnique({
    where: { id: conversationId },
    include: { participants: { select: { userId: true } } },
  });
  if (!c) throw conversationNotFound();
  conversations.authorize(principal, action, { participantIds: c.participants.map((p) => p.userId) });
  return c;
}

async function limitSender(platform: Platform, senderId: number, starting: boolean) {
  const { dmPerMinute, dmNewPerHour } = platform.config.member;
  if (dmPerMinute > 0)
    await hitRateLimit(platform, { name: 'member:dm', limit: dmPerMinute, windowSeconds: 60 }, String(senderId));
  if (starting && dmNewPerHour > 0)
    await hitRateLimit(platform, { name: 'member:dm-new', limit: dmNewPerHour, windowSeconds: 3600 }, String(senderId));
}

/** Whether any of `recipients` blocked `senderId`. */
async function blockedBy(tx: Tx, senderId: number, recipients: number[]) {
  return tx.memberBlock.findFirst({
    where: { blockedId: senderId, blockerId: { in: recipients } },
    select: { blockerId: true },
  });
}

async function insertMessage(
  tx: Tx,
  platform: Platform,
  conversationId: number,
  senderId: number,
  text: string,
  emit: (m: { id: number }) => void,
) {
  const now = platform.clock.now();
  const message = await tx.memberMessage.create({ data: { conversationId, senderId, body: text, createdAt: now } });
  await tx.memberConversation.update({ where: { id: conversationId }, data: { lastMessageAt: now } });
  await tx.memberConversationParticipant.update({
    where: { conversationId_userId: { conversationId, userId: senderId } },
    data: { lastReadAt: now },
  });
  emit(message);
  return message;
}

export async function startConversation(
  platform: Platform,
  principal: Principal,
  input: Input<z.ZodObject<typeof ConversationCreate>>,
) {
  const data = parseDeclared(z.object(ConversationCreate), input);
  const senderId = await activeWriter(platform, principal);
  const others = [...new Set(data.participantIds)].filter((p) => p !== senderId);
  if (!others.length) throw memberConflict('A conversation needs someone other than you.');
  const now = platform.clock.now();
  const users = await platform.prisma.user.findMany({
    where: { id: { in: others } },
    select: { id: true, roles: true, memberships: { where: grantingWhere(now), select: { id: true }, take: 1 } },
  });
  const missing = others.find((o) => !users.some((u) => u.id === o));
  if (missing !== undefined) throw userNotFound(missing);
  const manager = (roles: string[]) => {
    const caps = platform.roles.capabilitiesOf(roles);
    return caps.has('member_manage_community') || caps.has('member_moderate_community') || caps.has('member_manage');
  };
  const senderIsMember = !!(await platform.prisma.membership.findFirst({
    where: { userId: senderId, ...grantingWhere(now) },
    select: { id: true },
  }));
  for (const u of users) {
    if (manager(u.roles)) continue;
    if (!senderIsMember || !u.memberships.length)
      throw memberForbidden(
        'Direct messages are between members with an active membership (or to a community manager).',
      );
  }
  const key = [senderId, ...others].sort((a, b) => a - b).join(',');
  const existing = await platform.prisma.memberConversation.findUnique({
    where: { participantKey: key },
    select: { id: true },
  });
  await limitSender(platform, senderId, !existing);
  return transaction(platform, async (tx, after) => {
    if (await blockedBy(tx, senderId, others)) throw memberForbidden('A participant does not accept your messages.');
    // One conversation per set of participants, also when two start it at once.
    await tx.memberConversation.createMany({
      data: [{ participantKey: key, createdAt: now, lastMessageAt: now }],
      skipDuplicates: true,
    });
    const conversation = await tx.memberConversation.findUniqueOrThrow({ where: { participantKey: key } });
    await tx.memberConversationParticipant.createMany({
      data: [senderId, ...others].map((userId) => ({ conversationId: conversation.id, userId })),
      skipDuplicates: true,
    });
    await insertMessage(tx, platform, conversation.id, senderId, data.message, (m) =>
      after.emit('member/dm/sent', { conversation_id: conversation.id, message_id: m.id, sender_id: senderId }),
    );
    return conversation;
  });
}

export async function sendMessage(
  platform: Platform,
  principal: Principal,
  input: Input<z.ZodObject<typeof MessageCreate>>,
) {
  const data = parseDeclared(z.object(MessageCreate), input);
  const senderId = await activeWriter(platform, principal);
  const c = await participatingConversation(platform, principal, data.id, 'write');
  await limitSender(platform, senderId, false);
  return transaction(platform, async (tx, after) => {
    const others = c.participants.map((p) => p.userId).filter((u) => u !== senderId);
    if (await blockedBy(tx, senderId, others)) throw memberForbidden('A participant does not accept your messages.');
    return insertMessage(tx, platform, c.id, senderId, data.body, (m) =>
      after.emit('member/dm/sent', { conversation_id: c.id, message_id: m.id, sender_id: senderId }),
    );
  });
}

/** Reading a conversation's messages marks them read for the caller. */
export async function markRead(platform: Platform, userId: number, conversationId: number) {
  await platform.prisma.memberConversationParticipant.update({
    where: { conversationId_userId: { conversationId, userId } },
    data: { lastReadAt: platform.clock.now() },
  });
}

/** Unread messages of the caller in each conversation (one query). */
export async function unreadCounts(
  platform: Platform,
  userId: number,
  conversationIds: readonly number[],
): Promise<Map<number, number>> {
  const rows = await platform.prisma.$queryRaw<{ conversation_id: number; unread: number }[]>`
    SELECT p.conversation_id, count(m.id)::int AS unread
    FROM member_conversation_participants p
    LEFT JOIN member_messages m ON m.conversation_id = p.conversation_id AND m.sender_id <> p.user_id AND m.status = 'published'
      AND (p.last_read_at IS NULL OR m.created_at > p.last_read_at)
    WHERE p.user_id = ${userId} AND p.conversation_id = ANY (${[...conversationIds]}::int[])
    GROUP BY p.conversation_id`;
  return new Map(conversationIds.map((cid) => [cid, rows.find((r) => r.conversation_id === cid)?.unread ?? 0]));
}

export const BlockInput = { userId: id().describe('The member blocked or unblocked (user id).') };

export async function block(platform: Platform, principal: Principal, blockedId: number) {
  const blockerId = userIdOf(principal)!;
  if (blockedId === blockerId) throw memberConflict('You cannot block yourself.');
  if (!(await platform.prisma.user.findUnique({ where: { id: blockedId }, select: { id: true } })))
    throw userNotFound(blockedId);
  await platform.prisma.memberBlock.createMany({
    data: [{ blockerId, blockedId, createdAt: platform.clock.now() }],
    skipDuplicates: true,
  });
  return platform.prisma.memberBlock.findUniqueOrThrow({ where: { blockerId_blockedId: { blockerId, blockedId } } });
}

export async function unblock(platform: Platform, principal: Principal, blockedId: number) {
  const blockerId = userIdOf(principal)!;
  const existing = await platform.prisma.memberBlock.findUnique({
    where: { blockerId_blockedId: { blockerId, blockedId } },
  });
  if (!existing) throw userNotFound(blockedId);
  await platform.prisma.memberBlock.delete({ where: { blockerId_blockedId: { blockerId, blockedId } } });
  return existing;
}
