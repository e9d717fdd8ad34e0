// Reactions toggle: the caller's reaction of a type on a topic or reply is added, or removed if it was there. Counts
// are counted from the rows, so they stay right whatever concurrent toggles do.
import { z } from 'zod';
import { parseDeclared, type Input } from '../../../platform/validation.ts';
import { enumOf, id } from '../../../input/vocabulary.ts';
import type { Platform } from '../../../platform/platform.ts';
import type { Principal } from '../../../platform/principal.ts';
import { replyNotFound } from '../core/errors.ts';
import { readableTopic, readableWhere } from './posts.ts';
import { activeWriter } from './standing.ts';

export const REACTION_TYPES = ['like', 'love', 'celebrate', 'insightful', 'funny'] as const;
export const ReactionType = enumOf(
  'MemberReactionType',
  REACTION_TYPES,
  'A reaction: like, love, celebrate, insightful or funny; a member holds each at most once per target.',
  {
    like: 'A like.',
    love: 'Love.',
    celebrate: 'A celebration.',
    insightful: 'Found it insightful.',
    funny: 'Found it funny.',
  },
);
export const ReactionTarget = enumOf(
  'MemberReactionTarget',
  ['topic', 'reply'],
  'What a reaction is on: a topic or a reply.',
  {
    topic: 'A topic.',
    reply: 'A reply to a topic.',
  },
);
export const ReactionInput = {
  targetType: ReactionTarget,
  targetId: id().describe('Id of the topic or reply.'),
  type: ReactionType,
};

export type Counts = Partial<Record<(typeof REACTION_TYPES)[number], number>>;

/** Reaction counts of many targets of one type in one query. */
export async function reactionCounts(
  platform: Platform,
  targetType: string,
  ids: readonly number[],
): Promise<Map<number, Counts>> {
  const rows = await platform.prisma.memberReaction.groupBy({
    by: ['targetId', 'type'],
    where: { targetType, targetId: { in: [...ids] } },
    _count: { _all: true },
  });
  const out = new Map<number, Counts>(ids.map((i) => [i, {}]));
  for (const r of rows) out.get(r.targetId)![r.type as keyof Counts] = r._count._all;
  return out;
}

export async function toggleReaction(
  platform: Platform,
  principal: Principal,
  input: Input<z.ZodObject<typeof ReactionInput>>,
) {
  const data = parseDeclared(z.object(ReactionInput), input);
  const userId = await activeWriter(platform, principal);
  if (data.targetType === 'topic') await readableTopic(platform, principal, data.targetId);
  else {
    const reply = await platform.prisma.memberReply.findFirst({
      where: { id: data.targetId, ...readableWhere(principal) },
      select: { topicId: true },
    });
    if (!reply) throw replyNotFound(data.targetId);
    await readableTopic(platform, principal, reply.topicId);
  }
  const key = { targetType: data.targetType, targetId: data.targetId, userId, type: data.type };
  const added = await platform.prisma.memberReaction.createMany({
    data: [{ ...key, createdAt: platform.clock.now() }],
    skipDuplicates: true,
  });
  let active = added.count > 0;
  if (!active) {
    await platform.prisma.memberReaction.deleteMany({ where: key });
    active = false;
  }
  return { active, counts: (await reactionCounts(platform, data.targetType, [data.targetId])).get(data.targetId)! };
}
