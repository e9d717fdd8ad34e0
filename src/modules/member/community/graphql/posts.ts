// Spaces (create: member_manage_community), topics, replies and reactions (logged-in members with access to the
// space, in good standing). Each operation's GraphQL field, declared input and REST route.
import { isPublic, requiresLogin } from '../../../../graphql/access.ts';
import { schemaPart } from '../../../../graphql/builder.ts';
import { offsetPage, prismaPage } from '../../../../graphql/pagination.ts';
import { zodArgs } from '../../../../graphql/zod-args.ts';
import { id, pageArgs } from '../../../../input/vocabulary.ts';
import { rest } from '../../../../rest/binding.ts';
import { requiresMemberCapability } from '../../core/capabilities.ts';
import {
  createReply,
  createTopic,
  readableTopic,
  readableWhere,
  ReplyCreate,
  ReplyFilter,
  TopicCreate,
  TopicFilter,
  topicWhere,
  TopicUpdate,
  updateTopic,
} from '../posts.ts';
import { ReactionInput, toggleReaction } from '../reactions.ts';
import { createSpace, SpaceCreate } from '../spaces.ts';
import { spaceVerdicts } from '../visibility.ts';
import { REACTION, REPLY, SPACE, TOPIC } from './selections.ts';
import { reactionCountsType } from './types/reaction-counts.ts';
import { replyType } from './types/reply.ts';
import { spaceType } from './types/space.ts';
import { topicType } from './types/topic.ts';

export const postsSchema = schemaPart((builder) => {
  const SpaceType = spaceType(builder);
  const TopicType = topicType(builder);
  const ReplyType = replyType(builder);
  const Reactions = reactionCountsType(builder);
  const SpacePage = prismaPage(builder, 'MemberSpace');
  const TopicPage = prismaPage(builder, 'MemberTopic');
  const ReplyPage = prismaPage(builder, 'MemberReply');
  const Toggle = builder.objectRef<{ active: boolean; counts: object }>('MemberReactionToggle').implement({
    description: 'The outcome of toggling a reaction.',
    fields: (t) => ({
      active: t.exposeBoolean('active', { description: 'Whether the caller now holds this reaction.' }),
      counts: t.field({
        type: Reactions,
        description: "The target's reaction counts after the toggle.",
        resolve: (r) => r.counts,
      }),
    }),
  });

  builder.queryFields((t) => ({
    memberSpaces: t.field({
      type: SpacePage,
      description: 'The spaces the caller sees: public ones for everyone, members ones for members (managers: all).',
      ...isPublic(),
      args: zodArgs(t, pageArgs),
      ...rest('GET /member/v1/spaces', { select: SPACE, paginated: true }),
      resolve: async (_r, args, ctx) => {
        const all = await ctx.platform.prisma.memberSpace.findMany({ select: { id: true, visibility: true } });
        const verdicts = await spaceVerdicts(ctx.platform, ctx.principal, all);
        const where = { id: { in: all.filter((s) => verdicts.get(s.id)?.visible).map((s) => s.id) } };
        return offsetPage(args, {
          count: () => ctx.platform.prisma.memberSpace.count({ where }),
          findMany: (w, query) =>
            ctx.platform.prisma.memberSpace.findMany({
              ...query,
              ...w,
              where,
              orderBy: [{ position: 'asc' }, { id: 'asc' }],
            }),
        });
      },
    }),
    memberTopics: t.field({
      type: TopicPage,
      description: 'Topics of the spaces the caller sees (space_id: one space): pinned first, then by last activity.',
      ...isPublic(),
      args: zodArgs(t, TopicFilter),
      ...rest('GET /member/v1/topics', { select: TOPIC, paginated: true }),
      resolve: async (_r, args, ctx) => {
        const where = await topicWhere(ctx.platform, ctx.principal, args);
        return offsetPage(args, {
          count: () => ctx.platform.prisma.memberTopic.count({ where }),
          findMany: (w, query) =>
            ctx.platform.prisma.memberTopic.findMany({
              ...query,
              ...w,
              where,
              orderBy: [{ pinned: 'desc' }, { lastActivityAt: 'desc' }, { id: 'desc' }],
            }),
        });
      },
    }),
    memberTopic: t.prismaField({
      type: TopicType,
      description: 'One topic.',
      ...isPublic(),
      args: zodArgs(t, { id: id().describe('Topic id.') }),
      ...rest('GET /member/v1/topics/:id', { select: TOPIC }),
      resolve: async (query, _r, { id }, ctx) => {
        await readableTopic(ctx.platform, ctx.principal, id);
        return ctx.platform.prisma.memberTopic.findUniqueOrThrow({ ...query, where: { id } });
      },
    }),
    memberReplies: t.field({
      type: ReplyPage,
      description: 'Replies of a topic, oldest first; parent_id threads them.',
      ...isPublic(),
      args: zodArgs(t, ReplyFilter),
      ...rest('GET /member/v1/replies', { select: REPLY, paginated: true }),
      resolve: async (_r, args, ctx) => {
        await readableTopic(ctx.platform, ctx.principal, args.topicId);
        const where = { topicId: args.topicId, ...readableWhere(ctx.principal) };
        return offsetPage(args, {
          count: () => ctx.platform.prisma.memberReply.count({ where }),
          findMany: (w, query) =>
            ctx.platform.prisma.memberReply.findMany({ ...query, ...w, where, orderBy: { id: 'asc' } }),
        });
      },
    }),
  }));

  builder.mutationFields((t) => ({
    createMemberSpace: t.prismaField({
      type: SpaceType,
      description: 'Creates a space (members by default).',
      ...requiresMemberCapability('member_manage_community'),
      args: zodArgs(t, { input: SpaceCreate }),
      ...rest('POST /member/v1/spaces', { select: SPACE, status: 201, errors: [409] }),
      resolve: async (query, _r, { input }, ctx) =>
        ctx.platform.prisma.memberSpace.findUniqueOrThrow({
          ...query,
          where: { id: (await createSpace(ctx.platform, input)).id },
        }),
    }),
    createMemberTopic: t.prismaField({
      type: TopicType,
      description: "Starts a topic (a new member's first post that links out is held for moderation: status pending).",
      ...requiresLogin(),
      args: zodArgs(t, { input: TopicCreate }),
      ...rest('POST /member/v1/topics', { select: TOPIC, status: 201 }),
      resolve: async (query, _r, { input }, ctx) =>
        ctx.platform.prisma.memberTopic.findUniqueOrThrow({
          ...query,
          where: { id: (await createTopic(ctx.platform, ctx.principal, input)).id },
        }),
    }),
    updateMemberTopic: t.prismaField({
      type: TopicType,
      description: 'Edits a topic: its author the title and body; moderators also pinned, locked and status.',
      ...requiresLogin(),
      args: zodArgs(t, { id: id().describe('Topic id.'), input: TopicUpdate }),
      ...rest('PATCH /member/v1/topics/:id', { select: TOPIC }),
      resolve: async (query, _r, { id, input }, ctx) => {
        await updateTopic(ctx.platform, ctx.principal, id, input);
        return ctx.platform.prisma.memberTopic.findUniqueOrThrow({ ...query, where: { id } });
      },
    }),
    createMemberReply: t.prismaField({
      type: ReplyType,
      description: 'Replies to a topic (409 member_conflict when it is locked).',
      ...requiresLogin(),
      args: zodArgs(t, { input: ReplyCreate }),
      ...rest('POST /member/v1/replies', { select: REPLY, status: 201, errors: [409] }),
      resolve: async (query, _r, { input }, ctx) =>
        ctx.platform.prisma.memberReply.findUniqueOrThrow({
          ...query,
          where: { id: (await createReply(ctx.platform, ctx.principal, input)).id },
        }),
    }),
    toggleMemberReaction: t.field({
      type: Toggle,
      description: "Toggles the caller's reaction of a type on a topic or reply (a caller may hold several types).",
      ...requiresLogin(),
      args: zodArgs(t, ReactionInput),
      ...rest('POST /member/v1/reactions', { select: REACTION }),
      resolve: (_r, args, ctx) => toggleReaction(ctx.platform, ctx.principal, args),
    }),
  }));
});
