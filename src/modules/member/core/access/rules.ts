// Access rules: which plans open an item (or every item of a type), and when (drip). A rule's drip fields must fit
// its method: days_after_start needs drip_days, date needs drip_date, after_prerequisite the prerequisite.
import { z } from 'zod';
import type { MemberAccessRule, Prisma } from '../../../../generated/prisma/client.ts';
import { parseDeclared, type Input } from '../../../../platform/validation.ts';
import { enumOf, id, inputObject, pageArgs } from '../../../../input/vocabulary.ts';
import { ValidationError } from '../../../../platform/errors.ts';
import type { Platform } from '../../../../platform/platform.ts';
import { transaction } from '../../../../platform/transaction.ts';
import { planNotFound, ruleNotFound } from '../errors.ts';
import { TargetTypeEnum } from './targets.ts';

export const DRIP_METHODS = ['none', 'days_after_start', 'date', 'after_prerequisite'] as const;
export const DripMethod = enumOf(
  'MemberDripMethod',
  DRIP_METHODS,
  'When a granted item opens: at once, N days after the membership started, on a date (UTC), or once a prerequisite is completed.',
  {
    none: 'Opens as soon as access is granted.',
    days_after_start: 'Opens a number of days (dripDays) after the membership started.',
    date: 'Opens on a fixed date (dripDate, UTC).',
    after_prerequisite: 'Opens once the prerequisite item is completed.',
  },
);

const fields = {
  planIds: z.array(id()).max(100).optional().describe('Any of these plans grants (empty: any membership).'),
  dripMethod: DripMethod.optional(),
  dripDays: z.number().int().min(1).max(3650).nullable().optional().describe('With days_after_start.'),
  dripDate: z.date().nullable().optional().describe('With date: ISO 8601 in UTC.'),
  prerequisiteType: TargetTypeEnum.nullable()
    .optional()
    .describe('With after_prerequisite: what must be completed first.'),
  prerequisiteId: id()
    .nullable()
    .optional()
    .describe('With after_prerequisite: the item of prerequisiteType to complete first.'),
};
export const AccessRuleCreate = inputObject(
  'MemberAccessRuleCreateInput',
  {
    targetType: TargetTypeEnum,
    targetId: id().nullable().optional().describe('The item; null or absent: every item of the type.'),
    ...fields,
  },
  'A new access rule; the drip fields must fit dripMethod (the others are cleared).',
);
export const AccessRuleUpdate = inputObject(
  'MemberAccessRuleUpdateInput',
  fields,
  'Changes to an access rule (its target stays); the drip fields must fit dripMethod.',
);
export const AccessRuleFilter = {
  ...pageArgs,
  targetType: TargetTypeEnum.optional(),
  targetId: id().optional().describe('Only rules naming this item.'),
};

type DripFields = {
  dripMethod: string;
  dripDays: number | null;
  dripDate: Date | null;
  prerequisiteType: string | null;
  prerequisiteId: number | null;
};

/** The drip fields a method needs, and nothing it does not: the others are cleared. */
function fitDrip(d: DripFields): DripFields {
  const missing: Record<string, string> = {};
  if (d.dripMethod === 'days_after_start' && !d.dripDays)
    missing.drip_days = 'drip_days is required with days_after_start.';
  if (d.dripMethod === 'date' && !d.dripDate) missing.drip_date = 'drip_date is required with date.';
  if (d.dripMethod === 'after_prerequisite' && (!d.prerequisiteType || !d.prerequisiteId)) {
    missing.prerequisite_id = 'prerequisite_type and prerequisite_id are required with after_prerequisite.';
  }
  if (Object.keys(missing).length) throw new ValidationError(missing);
  return {
    dripMethod: d.dripMethod,
    dripDays: d.dripMethod === 'days_after_start' ? d.dripDays : null,
    dripDate: d.dripMethod === 'date' ? d.dripDate : null,
    prerequisiteType: d.dripMethod === 'after_prerequisite' ? d.prerequisiteType : null,
    prerequisiteId: d.dripMethod === 'after_prerequisite' ? d.prerequisiteId : null,
  };
}

async function assertPlans(platform: Platform, planIds: readonly number[]) {
  if (!planIds.length) return;
  const found = await platform.prisma.memberPlan.findMany({
    where: { id: { in: [...planIds] } },
    select: { id: true },
  });
  const missing = planIds.find((p) => !found.some((f) => f.id === p));
  if (missing !== undefined) throw planNotFound(missing);
}

/** Creates a rule, answered as written with `query` (the selection the caller asked of it). */
export async function createAccessRule<T = MemberAccessRule>(
  platform: Platform,
  input: Input<typeof AccessRuleCreate>,
  query: object = {},
): Promise<T> {
  const data = parseDeclared(AccessRuleCreate, input);
  const planIds = [...new Set(data.planIds ?? [])];
  await assertPlans(platform, planIds);
  const drip = fitDrip({
    dripMethod: data.dripMethod ?? 'none',
    dripDays: data.dripDays ?? null,
    dripDate: data.dripDate ?? null,
    prerequisiteType: data.prerequisiteType ?? null,
    prerequisiteId: data.prerequisiteId ?? null,
  });
  const now = platform.clock.now();
  return platform.prisma.memberAccessRule.create({
    ...query,
    data: {
      targetType: data.targetType,
      targetId: data.targetId ?? null,
      planIds,
      ...drip,
      createdAt: now,
      updatedAt: now,
    },
  }) as Promise<T>;
}

/** Edits a rule: its row is locked while the change is merged into it, so a delete racing it is a 404, and two edits
 *  apply one after the other. Answered as written with `query`. */
export async function updateAccessRule<T = MemberAccessRule>(
  platform: Platform,
  ruleId: number,
  input: Input<typeof AccessRuleUpdate>,
  query: object = {},
): Promise<T> {
  const data = parseDeclared(AccessRuleUpdate, input);
  if (data.planIds) await assertPlans(platform, [...new Set(data.planIds)]);
  return transaction(platform, async (tx) => {
    const [held] = await tx.$queryRaw<
      { id: number }[]
    >`SELECT id FROM member_access_rules WHERE id = ${ruleId} FOR UPDATE`;
    const rule = held && (await tx.memberAccessRule.findUnique({ where: { id: ruleId } }));
    if (!rule) throw ruleNotFound();
    const planIds = data.planIds ? [...new Set(data.planIds)] : rule.planIds;
    const pick = <K extends keyof DripFields>(k: K): DripFields[K] =>
      data[k] !== undefined ? (data[k] as DripFields[K]) : (rule[k] as DripFields[K]);
    const drip = fitDrip({
      dripMethod: pick('dripMethod'),
      dripDays: pick('dripDays'),
      dripDate: pick('dripDate'),
      prerequisiteType: pick('prerequisiteType'),
      prerequisiteId: pick('prerequisiteId'),
    });
    return tx.memberAccessRule.update({
      ...query,
      where: { id: ruleId },
      data: { planIds, ...drip, updatedAt: platform.clock.now() },
    }) as Promise<T>;
  });
}

export async function deleteAccessRule(platform: Platform, ruleId: number) {
  const deleted = await platform.prisma.memberAccessRule.deleteMany({ where: { id: ruleId } });
  if (!deleted.count) throw ruleNotFound();
}

export function accessRuleWhere(args: {
  targetType?: string | null;
  targetId?: number | null;
}): Prisma.MemberAccessRuleWhereInput {
  return {
    ...(args.targetType ? { targetType: args.targetType } : {}),
    ...(args.targetId ? { targetId: args.targetId } : {}),
  };
}
