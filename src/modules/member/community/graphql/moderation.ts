// Flags (any logged-in member) and the moderation queue (member_moderate_community). Each operation's GraphQL field,
// declared input and REST route.
import { requiresLogin } from '../../../../graphql/access.ts';
import { schemaPart } from '../../../../graphql/builder.ts';
import type { Context } from '../../../../graphql/context.ts';
import { sharedLoader } from '../../../../graphql/loaders.ts';
import { objectPage, offsetPage } from '../../../../graphql/pagination.ts';
import { enumType, zodArgs } from '../../../../graphql/zod-args.ts';
import { rest } from '../../../../rest/binding.ts';
import type { MemberModerationItem } from '../../../../generated/prisma/client.ts';
import { requiresMemberCapability } from '../../core/capabilities.ts';
import {
  flag,
  FlagInput,
  FlagReason,
  QueueFilter,
  resolve,
  ResolveInput,
  suspend,
  SuspendInput,
  targetsOf,
} from '../moderation.ts';
import { PostStatus } from '../posts.ts';
import { MODERATION, QUEUE_ITEM } from './selections.ts';
import { moderationItemFields, moderationItemType } from './types/moderation-item.ts';

const moderate = requiresMemberCapability('member_moderate_community');

/** What the queue's items are about (content, author, status: three fields, one query per page). */
const targets = sharedLoader<
  MemberModerationItem,
  { text: string | null; authorId: number; status: string | null } | null,
  string
>(
  async (items, ctx) => {
    const find = await targetsOf(ctx.platform, items);
    return items.map((i) => find(i.targetType, i.targetId));
  },
  { cacheKeyFn: (i) => `${i.targetType}:${i.targetId}` },
);

interface Flagger {
  userId: number;
  name: string;
  reason: string;
  createdAt: Date;
}

/** Who flagged each item, first flag first (one query per page of the queue). */
const flaggers = sharedLoader<number, Flagger[]>(async (itemIds, ctx) => {
  const flags = await ctx.platform.prisma.memberFlag.findMany({
    where: { itemId: { in: itemIds } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { itemId: true, userId: true, reason: true, createdAt: true, user: { select: { displayName: true } } },
  });
  return itemIds.map((id) =>
    flags
      .filter((f) => f.itemId === id)
      .map((f) => ({ userId: f.userId, name: f.user.displayName, reason: f.reason, createdAt: f.createdAt })),
  );
});

export const moderationSchema = schemaPart((builder) => {
  const ModerationItemType = moderationItemType(builder);
  const FlagType = builder.objectRef<Flagger>('MemberModerationFlag').implement({
    description: 'One member’s flag on an item of the queue.',
    fields: (t) => ({
      userId: t.exposeInt('userId', { description: 'The member who flagged it (user id).' }),
      name: t.exposeString('name', { description: 'Their display name.' }),
      reason: t.expose('reason', { type: enumType(builder, FlagReason), description: 'Their reason.' }),
      createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When they flagged it (UTC).' }),
    }),
  });
  const QueueItem = builder.prismaObject('MemberModerationItem', {
    variant: 'MemberModerationQueueItem',
    description: 'An item of the queue with what it is about.',
    fields: (t) => {
      const target = (item: MemberModerationItem, ctx: Context) => targets(ctx).load(item);
      return {
        ...moderationItemFields(builder, t),
        content: t.string({
          nullable: true,
          description: 'The flagged text (null for a member).',
          resolve: async (i, _a, ctx) => (await target(i, ctx))?.text ?? null,
        }),
        authorId: t.int({
          nullable: true,
          description: 'Who wrote it (the member, for a member).',
          resolve: async (i, _a, ctx) => (await target(i, ctx))?.authorId ?? null,
        }),
        flags: t.field({
          type: [FlagType],
          description: 'Who flagged it, first flag first; empty for a post held automatically.',
          resolve: (i, _a, ctx) => flaggers(ctx).load(i.id),
        }),
        contentStatus: t.field({
          type: enumType(builder, PostStatus),
          nullable: true,
          description: 'The content’s status now (pending while hidden by flags); null for a member.',
          resolve: async (i, _a, ctx) => (await target(i, ctx))?.status ?? null,
        }),
      };
    },
  });
  const QueuePage = objectPage<MemberModerationItem>(builder, 'MemberModerationQueueItem', QueueItem);

  builder.queryFields((t) => ({
    memberModerationQueue: t.field({
      type: QueuePage,
      description: 'Items to review (status pending by default), oldest first.',
      ...moderate,
      args: zodArgs(t, QueueFilter),
      ...rest('GET /member/v1/moderation/queue', { select: QUEUE_ITEM, paginated: true }),
      resolve: (_r, args, ctx) => {
        const where = { status: args.status };
        return offsetPage(args, {
          count: () => ctx.platform.prisma.memberModerationItem.count({ where }),
          findMany: (w) => ctx.platform.prisma.memberModerationItem.findMany({ ...w, where, orderBy: { id: 'asc' } }),
        });
      },
    }),
  }));

  builder.mutationFields((t) => ({
    flagMemberContent: t.prismaField({
      type: ModerationItemType,
      description:
        'Flags a topic, reply, message (participants only) or member, once per member and target (409 the second time).',
      ...requiresLogin(),
      args: zodArgs(t, FlagInput),
      ...rest('POST /member/v1/flags', { select: MODERATION, status: 201, errors: [409] }),
      resolve: async (query, _r, args, ctx) =>
        ctx.platform.prisma.memberModerationItem.findUniqueOrThrow({
          ...query,
          where: { id: (await flag(ctx.platform, ctx.principal, args)).id },
        }),
    }),
    resolveMemberModeration: t.prismaField({
      type: ModerationItemType,
      description:
        'approve publishes the content again; remove hides it from every read (a member: suspended for 30 days). 409 when resolved already.',
      ...moderate,
      args: zodArgs(t, ResolveInput),
      ...rest('POST /member/v1/moderation/:id/resolve', { select: MODERATION, errors: [409] }),
      resolve: async (query, _r, args, ctx) =>
        ctx.platform.prisma.memberModerationItem.findUniqueOrThrow({
          ...query,
          where: { id: (await resolve(ctx.platform, ctx.principal, args)).id },
        }),
    }),
    suspendMemberFromCommunity: t.boolean({
      description: 'Suspends a member from posting, reacting and messaging until `until` (null lifts it).',
      ...moderate,
      args: zodArgs(t, SuspendInput),
      resolve: async (_r, { userId, until }, ctx) => {
        await suspend(ctx.platform, userId, until ?? null);
        return true;
      },
    }),
  }));
});
