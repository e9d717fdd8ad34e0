// The MemberReactionCounts type: how many members reacted with each type, loaded for every topic (or reply) of a
// response in one query.
import { schemaPart } from '../../../../../graphql/builder.ts';
import type { Context } from '../../../../../graphql/context.ts';
import { reactionCounts, REACTION_TYPES, type Counts } from '../../reactions.ts';

/** The reaction counts of every topic (or reply) of a response, in one query. */
export const loadReactions = (targetType: 'topic' | 'reply') => async (ids: number[], ctx: Context) => {
  const counts = await reactionCounts(ctx.platform, targetType, ids);
  return ids.map((i) => counts.get(i) ?? {});
};

export const reactionCountsType = schemaPart((builder) =>
  builder.objectRef<Counts>('MemberReactionCounts').implement({
    description: 'How many members reacted with each type.',
    fields: (t) =>
      Object.fromEntries(
        REACTION_TYPES.map((type) => [
          type,
          t.int({ description: `Members who reacted with ${type}.`, resolve: (c) => c[type] ?? 0 }),
        ]),
      ),
  }),
);
