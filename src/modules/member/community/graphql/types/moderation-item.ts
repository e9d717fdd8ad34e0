// The MemberModerationItem type: the moderation item of one flagged target, where all its flags gather. Its fields
// are declared once: the queue's MemberModerationQueueItem, a variant of the same row, adds what the item is about.
import type { PrismaModelTypes } from '@pothos/plugin-prisma';
import type PrismaTypes from '../../../../../generated/pothos-prisma-types.ts';
import { schemaPart, type Builder, type Types } from '../../../../../graphql/builder.ts';
import { enumType } from '../../../../../graphql/zod-args.ts';
import { FlagReason, FlagTarget, ModerationStatus } from '../../moderation.ts';

type Item = PrismaModelTypes & PrismaTypes['MemberModerationItem'];

/** The fields of a moderation item, for each type of its row (the prisma plugin's own field builder: the package's
 *  exported PrismaObjectFieldBuilder is the plain object one, which has no expose of a model's columns). */
export const moderationItemFields = (builder: Builder, t: PothosSchemaTypes.PrismaObjectFieldBuilder<Types, Item>) => ({
  id: t.exposeInt('id', { description: 'Moderation item id.' }),
  targetType: t.expose('targetType', { type: enumType(builder, FlagTarget), description: 'What was flagged.' }),
  targetId: t.exposeInt('targetId', {
    description: 'Id of the flagged topic, reply, message or member (user id).',
  }),
  reason: t.expose('reason', { type: enumType(builder, FlagReason), description: 'The reason of the first flag.' }),
  flagCount: t.exposeInt('flagCount', {
    description: 'Flags received, one per member; the third hides a topic or reply until resolved.',
  }),
  status: t.expose('status', { type: enumType(builder, ModerationStatus), description: 'Where the review stands.' }),
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
});

export const moderationItemType = schemaPart((builder) =>
  builder.prismaObject('MemberModerationItem', {
    description: 'The moderation item of one flagged target, where all its flags gather.',
    fields: (t) => ({ ...moderationItemFields(builder, t) }),
  }),
);
