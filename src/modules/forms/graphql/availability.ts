// Whether a form takes entries now (status, schedule, entry limit), for front ends that show the closed message
// instead of the form. Entry counts of every form in one GraphQL response load in one query (one loader per request,
// shared by the two fields that ask).
import type { Form } from '../../../generated/prisma/client.ts';
import type { Context } from '../../../graphql/context.ts';
import { sharedLoader } from '../../../graphql/loaders.ts';
import { settingsOf } from '../definition/stored.ts';
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

export async function availability(
  ctx: Context,
  form: Pick<Form, 'id' | 'status' | 'settings'>,
): Promise<{ accepting: boolean; message: string | null }> {
  if (form.status !== 'active') return { accepting: false, message: 'This form is inactive.' };
  const settings = settingsOf(form);
  const now = ctx.platform.clock.now();
  const refusal = scheduleRefusal(settings, now);
  if (refusal) return { accepting: false, message: refusal.message };
  const limit = settings.entryLimit;
  if (
    limit &&
    (await entryCounts(ctx).load({ formId: form.id, since: periodStart(limit.period, now) })) >= limit.count
  ) {
    return { accepting: false, message: limit.message };
  }
  return { accepting: true, message: null };
}
