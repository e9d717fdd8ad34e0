// Plans: what members join. Anonymous callers and members see active plans; managers also archived ones. A plan with
// memberships is archived rather than deleted (its members keep their history); one that never had any is deleted.
// Plans are ordered 1..n (service/positions.ts).
import { z } from 'zod';
import { Prisma, type MemberPlan } from '../../../../generated/prisma/client.ts';
import { INT32_MAX } from '../../../../input/describe.ts';
import { isUniqueViolation } from '../../../../platform/database-errors.ts';
import { parseDeclared, type Input } from '../../../../platform/validation.ts';
import { enumOf, inputObject, minorUnits, pageArgs, search, text } from '../../../../input/vocabulary.ts';
import { ValidationError } from '../../../../platform/errors.ts';
import type { Platform } from '../../../../platform/platform.ts';
import { transaction, type Tx } from '../../../../platform/transaction.ts';
import { memberConflict, planNotFound } from '../errors.ts';
import { PLAN_INTERVALS } from './periods.ts';
import { closeGap, lockNamed, placeMoved, placeNew, type SiblingSet } from './positions.ts';

export const PLAN_STATUSES = ['active', 'archived'] as const;
export const PlanStatus = enumOf(
  'MemberPlanStatus',
  PLAN_STATUSES,
  'active or archived: archived plans take no new members; their members keep their memberships.',
  {
    active: 'Takes new members.',
    archived: 'Takes no new members; its members keep their memberships.',
  },
);
export const PlanInterval = enumOf(
  'MemberPlanInterval',
  PLAN_INTERVALS,
  'A billing period unit (day, week, month, year); lifetime plans never renew or expire.',
  {
    day: 'Renews every intervalCount days.',
    week: 'Renews every intervalCount weeks.',
    month: 'Renews every intervalCount months.',
    year: 'Renews every intervalCount years.',
    lifetime: 'Paid once: never renews or expires.',
  },
);

const slug = z
  .string()
  .trim()
  .max(100)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug is lower-case letters, digits and dashes.');
const money = minorUnits().describe('In minor units of the currency (cents): a 53-bit integer.');
const currency = z
  .string()
  .regex(/^[A-Z]{3}$/, 'currency is an ISO 4217 code such as USD.')
  .describe('ISO 4217; default MEMBER_CURRENCY.')
  .meta({ examples: ['EUR'] });

const fields = {
  description: text(5000).optional().describe('Text shown to members.'),
  price: money.optional(),
  currency: currency.optional(),
  interval: PlanInterval.optional(),
  intervalCount: z
    .number()
    .int()
    .min(1)
    .max(365)
    .optional()
    .describe('Intervals per period (3 months: interval month, interval_count 3).'),
  trialDays: z.number().int().min(0).max(365).optional().describe('Days of free trial before the first period.'),
  status: PlanStatus.optional(),
  position: z
    .number()
    .int()
    .min(1)
    .max(INT32_MAX)
    .optional()
    .describe('Place in the plans list, from 1 (the others move along; past the end: last; default: last).'),
};
export const PlanCreate = inputObject(
  'MemberPlanCreateInput',
  {
    name: text(200, 1).describe('Name shown to members.'),
    slug: slug.optional().describe('Default: from the name.'),
    ...fields,
  },
  'A new plan.',
);
export const PlanUpdate = inputObject(
  'MemberPlanUpdateInput',
  {
    name: text(200, 1).optional().describe('Name shown to members.'),
    slug: slug.optional().describe('Unique URL name: lower-case letters, digits and dashes.'),
    ...fields,
  },
  'Changes to a plan (they apply to new memberships and upgrades); fields left out stay as they are.',
);

export const PlanFilter = {
  ...pageArgs,
  search: search().describe('Part of the name or slug.'),
  status: PlanStatus.optional().describe('Managers only; default active.'),
};

/** "Gold Plan (yearly)" -> "gold-plan-yearly" (accents folded, as sanitize_title does). */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);
}

/** The plans' order (service/positions.ts): one set, archived plans included. */
export const planOrder: SiblingSet = {
  lock: (tx) => lockNamed(tx, 'member_plans.position'),
  last: async (tx) => (await tx.memberPlan.aggregate({ _max: { position: true } }))._max.position ?? 0,
  shift: (tx, from, to, by) =>
    tx.memberPlan.updateMany({ where: { position: { gte: from, lte: to } }, data: { position: { increment: by } } }),
};

/** Creates a plan, answered as written with `query` (the selection the caller asked of it). */
export async function createPlan<T = MemberPlan>(
  platform: Platform,
  input: Input<typeof PlanCreate>,
  query: object = {},
): Promise<T> {
  const { position: wanted, ...data } = parseDeclared(PlanCreate, input);
  const planSlug = data.slug || slugify(data.name);
  if (!planSlug) throw new ValidationError({ name: 'name must contain a letter or a digit.' });
  const now = platform.clock.now();
  try {
    return await transaction(platform, async (tx) => {
      await planOrder.lock(tx);
      const position = await placeNew(tx, planOrder, wanted);
      return tx.memberPlan.create({
        ...query,
        data: {
          ...data,
          slug: planSlug,
          description: data.description ?? '',
          currency: data.currency ?? platform.config.member.currency,
          interval: data.interval ?? 'month',
          position,
          createdAt: now,
          updatedAt: now,
        },
      }) as T;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw memberConflict(`A plan with the slug "${planSlug}" exists.`);
    throw err;
  }
}

export async function updatePlan<T = MemberPlan>(
  platform: Platform,
  id: number,
  input: Input<typeof PlanUpdate>,
  query: object = {},
): Promise<T> {
  const { position: wanted, ...data } = parseDeclared(PlanUpdate, input);
  const where = { id };
  try {
    return await transaction(platform, async (tx) => {
      const position =
        wanted &&
        (await placeMoved(tx, planOrder, wanted, () =>
          tx.memberPlan.findUnique({ where, select: { position: true } }),
        ));
      const { count } = await tx.memberPlan.updateMany({
        where,
        data: { ...data, ...(position ? { position } : {}), updatedAt: platform.clock.now() },
      });
      if (!count) throw planNotFound(id);
      return tx.memberPlan.findUniqueOrThrow({ ...query, where }) as T;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw memberConflict(`A plan with the slug "${data.slug}" exists.`);
    throw err;
  }
}

/** Locks a plan that a membership is about to reference: a delete or archive racing it waits, or went first (404). */
export async function sharePlan(tx: Tx, id: number) {
  const [row] = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM member_plans WHERE id = ${id} FOR SHARE`;
  if (!row) throw planNotFound(id);
  return tx.memberPlan.findUniqueOrThrow({ where: { id } });
}

/** Deletes a plan that never had a membership; archives one that had (answering which it did, and the plan as it
 *  was, read with `query`: the selection the caller asked of it). The plan's row is held first: a membership being
 *  made of it (sharePlan) is then either committed and seen, or made to wait and answered 404. */
export async function deletePlan<T>(platform: Platform, id: number, query: object = {}) {
  return transaction(platform, async (tx) => {
    await planOrder.lock(tx);
    const [held] = await tx.$queryRaw<
      { position: number }[]
    >`SELECT position FROM member_plans WHERE id = ${id} FOR UPDATE`;
    const previous = held && ((await tx.memberPlan.findUnique({ ...query, where: { id } })) as T | null);
    if (!held || !previous) throw planNotFound(id);
    const used = await tx.membership.findFirst({
      where: { OR: [{ planId: id }, { previousPlanId: id }] },
      select: { id: true },
    });
    if (!used) {
      await tx.memberPlan.delete({ where: { id } });
      await closeGap(tx, planOrder, held.position);
      return { deleted: true, archived: false, previous };
    }
    await tx.memberPlan.update({ where: { id }, data: { status: 'archived', updatedAt: platform.clock.now() } });
    return { deleted: false, archived: true, previous };
  });
}

/** The plans list's filter: active plans, unless a manager asks for another status. */
export function planWhere(
  args: { search?: string | null; status?: string | null },
  manager: boolean,
): Prisma.MemberPlanWhereInput {
  if (args.status && args.status !== 'active' && !manager)
    throw new ValidationError({ status: `status ${args.status} is forbidden.` });
  const q = args.search;
  return {
    ...(manager ? (args.status ? { status: args.status } : {}) : { status: 'active' }),
    ...(q ? { OR: [{ name: { contains: q, mode: 'insensitive' } }, { slug: { contains: q.toLowerCase() } }] } : {}),
  };
}
