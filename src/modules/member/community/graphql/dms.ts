// Direct messages and blocks (any logged-in member; conversations only for their participants). Each operation's
// GraphQL field, declared input and REST route.
import { userIdOf } from '../../../../platform/principal.ts';
import { requiresLogin } from '../../../../graphql/access.ts';
import { schemaPart } from '../../../../graphql/builder.ts';
import { offsetPage, prismaPage } from '../../../../graphql/pagination.ts';
import { zodArgs } from '../../../../graphql/zod-args.ts';
import { pageArgs } from '../../../../input/vocabulary.ts';
import { deleted, rest } from '../../../../rest/binding.ts';
import {
  block,
  BlockInput,
  ConversationCreate,
  markRead,
  MessageCreate,
  MessagesFilter,
  participatingConversation,
  sendMessage,
  startConversation,
  unblock,
} from '../dms.ts';
import { BLOCK, CONVERSATION, MESSAGE } from './selections.ts';
import { blockType } from './types/block.ts';
import { conversationType } from './types/conversation.ts';
import { messageType } from './types/message.ts';

export const dmsSchema = schemaPart((builder) => {
  const ConversationType = conversationType(builder);
  const MessageType = messageType(builder);
  const BlockType = blockType(builder);
  const ConversationPage = prismaPage(builder, 'MemberConversation');
  const MessagePage = prismaPage(builder, 'MemberMessage');
  const BlockPage = prismaPage(builder, 'MemberBlock');

  builder.queryFields((t) => ({
    memberConversations: t.field({
      type: ConversationPage,
      description: "The caller's conversations, the most recent first, with unread counts.",
      ...requiresLogin(),
      args: zodArgs(t, pageArgs),
      ...rest('GET /member/v1/dms/conversations', { select: CONVERSATION, paginated: true }),
      resolve: (_r, args, ctx) => {
        const where = { participants: { some: { userId: userIdOf(ctx.principal) ?? 0 } } };
        return offsetPage(args, {
          count: () => ctx.platform.prisma.memberConversation.count({ where }),
          findMany: (w, query) =>
            ctx.platform.prisma.memberConversation.findMany({
              ...query,
              ...w,
              where,
              orderBy: [{ lastMessageAt: 'desc' }, { id: 'desc' }],
            }),
        });
      },
    }),
    memberMessages: t.field({
      type: MessagePage,
      description: 'Messages of a conversation, newest first (participants only: others 404); reading marks them read.',
      ...requiresLogin(),
      args: zodArgs(t, MessagesFilter),
      ...rest('GET /member/v1/dms/conversations/:id/messages', { select: MESSAGE, paginated: true }),
      resolve: async (_r, args, ctx) => {
        const c = await participatingConversation(ctx.platform, ctx.principal, args.id);
        await markRead(ctx.platform, userIdOf(ctx.principal)!, c.id);
        const where = { conversationId: c.id, status: 'published' };
        return offsetPage(args, {
          count: () => ctx.platform.prisma.memberMessage.count({ where }),
          findMany: (w, query) =>
            ctx.platform.prisma.memberMessage.findMany({ ...query, ...w, where, orderBy: { id: 'desc' } }),
        });
      },
    }),
    memberBlocks: t.field({
      type: BlockPage,
      description: 'The members the caller blocked, first blocked first (REST: every block at once).',
      ...requiresLogin(),
      args: zodArgs(t, pageArgs),
      ...rest('GET /member/v1/blocks', { select: BLOCK, everyPage: true }),
      resolve: (_r, args, ctx) => {
        const where = { blockerId: userIdOf(ctx.principal) ?? 0 };
        return offsetPage(args, {
          count: () => ctx.platform.prisma.memberBlock.count({ where }),
          findMany: (w, query) =>
            ctx.platform.prisma.memberBlock.findMany({
              ...query,
              ...w,
              where,
              orderBy: [{ createdAt: 'asc' }, { blockedId: 'asc' }],
            }),
        });
      },
    }),
  }));

  builder.mutationFields((t) => ({
    startMemberConversation: t.prismaField({
      type: ConversationType,
      description:
        'Sends a first message to members (reusing the conversation of the same participants). Both sides need an active membership unless the recipient is a community manager; 403 member_forbidden when blocked; 429 past the rate limit.',
      ...requiresLogin(),
      args: zodArgs(t, ConversationCreate),
      ...rest('POST /member/v1/dms/conversations', { select: CONVERSATION, status: 201, errors: [409, 429] }),
      resolve: async (query, _r, args, ctx) =>
        ctx.platform.prisma.memberConversation.findUniqueOrThrow({
          ...query,
          where: { id: (await startConversation(ctx.platform, ctx.principal, args)).id },
        }),
    }),
    sendMemberMessage: t.prismaField({
      type: MessageType,
      description: 'Sends a message to a conversation the caller takes part in (others 404).',
      ...requiresLogin(),
      args: zodArgs(t, MessageCreate),
      ...rest('POST /member/v1/dms/conversations/:id/messages', { select: MESSAGE, status: 201, errors: [429] }),
      resolve: async (query, _r, args, ctx) =>
        ctx.platform.prisma.memberMessage.findUniqueOrThrow({
          ...query,
          where: { id: (await sendMessage(ctx.platform, ctx.principal, args)).id },
        }),
    }),
    blockMember: t.prismaField({
      type: BlockType,
      description: 'Blocks a member: they can no longer message the caller (idempotent).',
      ...requiresLogin(),
      args: zodArgs(t, BlockInput),
      ...rest('POST /member/v1/blocks', { select: BLOCK, status: 201 }),
      resolve: async (query, _r, { userId }, ctx) => {
        const b = await block(ctx.platform, ctx.principal, userId);
        return ctx.platform.prisma.memberBlock.findUniqueOrThrow({
          ...query,
          where: { blockerId_blockedId: { blockerId: b.blockerId, blockedId: b.blockedId } },
        });
      },
    }),
    unblockMember: t.prismaField({
      type: BlockType,
      description: 'Unblocks a member.',
      ...requiresLogin(),
      args: zodArgs(t, BlockInput),
      ...rest('DELETE /member/v1/blocks/:user_id', { select: BLOCK, result: deleted }),
      resolve: async (query, _r, { userId }, ctx) => {
        const blockerId = userIdOf(ctx.principal)!;
        const previous = await ctx.platform.prisma.memberBlock.findUnique({
          ...query,
          where: { blockerId_blockedId: { blockerId, blockedId: userId } },
        });
        await unblock(ctx.platform, ctx.principal, userId);
        return previous!;
      },
    }),
  }));
});
