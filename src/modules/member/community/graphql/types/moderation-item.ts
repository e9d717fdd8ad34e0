// The MemberModerationItem type: the moderation item of one flagged target, where all its flags gather.
import { schemaPart } from '../../../../../graphql/builder.ts';
import { enumType } from '../../../../../graphql/zod-args.ts';
import { FlagReason, FlagTarget, ModerationStatus } from '../../moderation.ts';

export const moderationItemType = schemaPart((builder) =>
  builder.prismaObject('MemberModerationItem', {
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
  }),
);
