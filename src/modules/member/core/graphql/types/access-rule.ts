// The MemberAccessRule type: which plans open an item (or every item of a type), and when.
import { schemaPart } from '../../../../../graphql/builder.ts';
import { enumType } from '../../../../../graphql/zod-args.ts';
import { DripMethod } from '../../access/rules.ts';
import { TargetTypeEnum } from '../../access/targets.ts';

export const accessRuleType = schemaPart((builder) => {
  return builder.prismaObject('MemberAccessRule', {
    description: 'Which plans open an item (or every item of a type), and when.',
    fields: (t) => ({
      id: t.exposeInt('id', { description: 'Rule id.' }),
      targetType: t.expose('targetType', {
        type: enumType(builder, TargetTypeEnum),
        description: 'Type of the item gated.',
      }),
      targetId: t.exposeInt('targetId', { nullable: true, description: 'null: every item of the type.' }),
      planIds: t.exposeIntList('planIds', { description: 'Any of them grants (empty: any membership).' }),
      dripMethod: t.expose('dripMethod', {
        type: enumType(builder, DripMethod),
        description: 'When a granted item opens: none (at once), days_after_start, date or after_prerequisite.',
      }),
      dripDays: t.exposeInt('dripDays', {
        nullable: true,
        description: 'With days_after_start: days after the start of the earliest granting membership; null otherwise.',
      }),
      dripDate: t.expose('dripDate', {
        type: 'DateTime',
        nullable: true,
        description: 'With date: the instant the item opens (UTC); null otherwise.',
      }),
      prerequisiteType: t.expose('prerequisiteType', {
        type: enumType(builder, TargetTypeEnum),
        nullable: true,
        description: 'With after_prerequisite: type of the item to complete first; null otherwise.',
      }),
      prerequisiteId: t.exposeInt('prerequisiteId', {
        nullable: true,
        description: 'With after_prerequisite: id of the item to complete first; null otherwise.',
      }),
      createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the rule was created (UTC).' }),
      updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'Last change to the rule (UTC).' }),
    }),
  });
});
