// Whether a form takes entries now (status, schedule, entry limit), for front ends that show the closed message
// instead of the form. Entry counts of every form in one GraphQL response load in one query (one loader per request,
// shared by the two fields that ask).
import type { Form } from '../../../generated/prisma/client.ts';
import type { Context } from '../../../graphql/context.ts';
import { sharedLoader } from '../../../graphql/loaders.ts';
import { settingOf } from '../definition/stored.ts';
import { COUNTED_STATUSES, periodStart, scheduleRefusal } from '../submission/restrictions.ts';

interface Counted {
  formId: number;
  /** The start of the limit's period (null: all time). */
  since: Date | null;
}

/** Entries of each form counted against its limit since its period's start. */
const entryCounts = sharedLoader<Counted, number, string>(
  async (keys, ctx) => {
    const rows = await ctx.platform.prisma.formEntry.groupBy({
      by: ['formId'],
      where: {
        status: { in: COUNTED_STATUSES },
        OR: keys.map((k) => ({ formId: k.formId, ...(k.since ? { createdAt: { gte: k.since } } : {}) })),
      },
      _count: { _all: true },
    });
    const counts = new Map(rows.map((r) => [r.formId, r._count._all]));
    return keys.map((k) => counts.get(k.formId) ?? 0);
  },
  { cacheKeyFn: (k) => `${k.formId}:${k.since?.toISOString() ?? ''}` },
);

interface Availability {
  accepting: boolean;
  message: string | null;
}

const OPEN: Availability = { accepting: true, message: null };
const INACTIVE: Availability = { accepting: false, message: 'This form is inactive.' };

/**
 * One part of whether `form` takes entries now. A value, unless the form's entry limit needs its entries counted: a
 * list of forms without limits (most) then resolves without a promise per form and field.
 */
export function availability<K extends keyof Availability>(
  ctx: Context,
  form: Pick<Form, 'id' | 'status' | 'settings'>,
  part: K,
): Availability[K] | Promise<Availability[K]> {
  if (form.status !== 'active') return INACTIVE[part];
  const schedule = settingOf(form, 'schedule');
  const limit = settingOf(form, 'entryLimit');
  if (!schedule && !limit) return OPEN[part];
  const now = ctx.platform.clock.now();
  const refusal = scheduleRefusal({ schedule }, now);
  if (refusal) return ({ accepting: false, message: refusal.message } satisfies Availability)[part];
  if (!limit) return OPEN[part];
  return entryCounts(ctx)
    .load({ formId: form.id, since: periodStart(limit.period, now) })
    .then((n) => (n >= limit.count ? { accepting: false, message: limit.message } : OPEN)[part]);
}
