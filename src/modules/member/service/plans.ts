// Plans: what members join. Anonymous callers and members see active plans; managers also archived ones. A plan with
// memberships is archived rather than deleted (its members keep their history); one that never had any is deleted.
import { z } from 'zod';
import { Prisma } from '../../../generated/prisma/client.ts';
import { INT32_MAX } from '../../../input/describe.ts';
import { parseDeclared, type Input } from '../../../platform/validation.ts';
import { enumOf, inputObject, minorUnits, pageArgs, search, text } from '../../../input/vocabulary.ts';
import { ValidationError } from '../../../platform/errors.ts';
import type { Platform } from '../../../platform/platform.ts';
import { memberConflict, planNotFound } from '../errors.ts';
import { PLAN_INTERVALS } from './periods.ts';

export const PLAN_STATUSES = ['active', 'archived'] as const;
export const PlanStatus = enumOf('MemberPlanStatus', PLAN_STATUSES, 'active or archived: archived plans take no new members; their members keep their memberships.');
export const PlanInterval = enumOf('MemberPlanInterval', PLAN_INTERVALS, 'A billing period unit (day, week, month, year); lifetime plans never renew or expire.');

const slug = z.string().trim().max(100).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug is lower-case letters, digits and dashes.');
const money = minorUnits().describe('In minor units of the currency (cents): a 53-bit integer.');
const currency = z.string().regex(/^[A-Z]{3}$/, 'currency is an ISO 4217 code such as USD.').describe('ISO 4217; default MEMBER_CURRENCY.').meta({ examples: ['EUR'] });

const fields = {
  description: text(5000).optional().describe('Text shown to members.'),
  price: money.optional(),
  currency: currency.optional(),
  interval: PlanInterval.optional(),
  intervalCount: z.number().int().min(1).max(365).optional().describe('Intervals per period (3 months: interval month, interval_count 3).'),
  trialDays: z.number().int().min(0).max(365).optional().describe('Days of free trial before the first period.'),
  status: PlanStatus.optional(),
  position: z.number().int().min(0).max(INT32_MAX).optional().describe('Sort order of the plans list.'),
};
export const PlanCreate = inputObject('MemberPlanCreateInput', {
  name: text(200, 1).describe('Name shown to members.'),
  slug: slug.optional().describe('Default: from the name.'),
  ...fields,
}, 'A new plan.');
export const PlanUpdate = inputObject('MemberPlanUpdateInput', {
  name: text(200, 1).optional().describe('Name shown to members.'),
  slug: slug.optional().describe('Unique URL name: lower-case letters, digits and dashes.'),
  ...fields,
}, 'Changes to a plan (they apply to new memberships and upgrades); fields left out stay as they are.');

export const PlanFilter = { ...pageArgs, search: search().describe('Part of the name or slug.'), status: PlanStatus.optional().describe('Managers only; default active.') };

/** "Gold Plan (yearly)" -> "gold-plan-yearly" (accents folded, as sanitize_title does). */
export function slugify(name: string): string {
  return name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 100);
}

const isUniqueViolation = (err: unknown) => err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002';

export async function createPlan(platform: Platform, input: Input<typeof PlanCreate>) {
  const data = parseDeclared(PlanCreate, input);
  const planSlug = data.slug || slugify(data.name);
  if (!planSlug) throw new ValidationError({ name: 'name must contain a letter or a digit.' });
  const now = platform.clock.now();
  try {
    return await platform.prisma.memberPlan.create({
      data: {
        ...data,
        slug: planSlug,
        description: data.description ?? '',
        currency: data.currency ?? platform.config.member.currency,
        interval: data.interval ?? 'month',
        createdAt: now,
        updatedAt: now,
      },
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw memberConflict(`A plan with the slug "${planSlug}" exists.`);
    throw err;
  }
}

export async function updatePlan(platform: Platform, id: number, input: Input<typeof PlanUpdate>) {
  const data = parseDeclared(PlanUpdate, input);
  try {
    const moved = await platform.prisma.memberPlan.updateManyAndReturn({ where: { id }, data: { ...data, updatedAt: platform.clock.now() } });
    if (!moved.length) throw planNotFound(id);
    return moved[0]!;
  } catch (err) {
    if (isUniqueViolation(err)) throw memberConflict(`A plan with the slug "${data.slug}" exists.`);
    throw err;
  }
}

/** Deletes a plan that never had a membership; archives one that had (answering which it did, and the plan as it
 *  was, read with `query`: the selection the caller asked of it). */
export async function deletePlan<T>(platform: Platform, id: number, query: object = {}) {
  return platform.prisma.$transaction(async (tx) => {
    const previous = (await tx.memberPlan.findUnique({ ...query, where: { id } })) as T | null;
    if (!previous) throw planNotFound(id);
    const used = await tx.membership.findFirst({ where: { OR: [{ planId: id }, { previousPlanId: id }] }, select: { id: true } });
    if (!used) {
      await tx.memberPlan.delete({ where: { id } });
      return { deleted: true, archived: false, previous };
    }
    await tx.memberPlan.update({ where: { id }, data: { status: 'archived', updatedAt: platform.clock.now() } });
    return { deleted: false, archived: true, previous };
  });
}

/** The plans list's filter: active plans, unless a manager asks for another status. */
export function planWhere(args: { search?: string | null; status?: string | null }, manager: boolean): Prisma.MemberPlanWhereInput {
  if (args.status && args.status !== 'active' && !manager) throw new ValidationError({ status: `status ${args.status} is forbidden.` });
  const q = args.search;
  return {
    ...(manager ? (args.status ? { status: args.status } : {}) : { status: 'active' }),
    ...(q ? { OR: [{ name: { contains: q, mode: 'insensitive' } }, { slug: { contains: q.toLowerCase() } }] } : {}),
  };
}
