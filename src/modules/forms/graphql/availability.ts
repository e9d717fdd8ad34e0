// Whether a form takes entries now (status, schedule, entry limit), for front ends that show the closed message
// instead of the form. Entry counts of every form in one GraphQL response load in one query (batched per request).
import type { Form } from '../../../generated/prisma/client.ts';
import type { Context } from '../../../graphql/context.ts';
import { settingsOf } from '../definition/stored.ts';
import { COUNTED_STATUSES, periodStart, scheduleRefusal } from '../submission/restrictions.ts';

interface Pending {
  formId: number;
  since: Date | null;
  resolve: (n: number) => void;
  reject: (err: unknown) => void;
}

const queues = new WeakMap<Context, Pending[]>();

/** Entries of `formId` counted against its limit since `since`; calls in the same tick share one query. */
function countEntries(ctx: Context, formId: number, since: Date | null): Promise<number> {
  return new Promise((resolve, reject) => {
    let queue = queues.get(ctx);
    if (!queue) {
      queue = [];
      queues.set(ctx, queue);
      const batch = queue;
      // After the current resolver pass has queued its siblings (as DataLoader schedules its batches).
      void Promise.resolve().then(() => process.nextTick(() => flush(ctx, batch)));
    }
    queue.push({ formId, since, resolve, reject });
  });
}

async function flush(ctx: Context, batch: Pending[]) {
  queues.delete(ctx);
  try {
    const rows = await ctx.platform.prisma.formEntry.groupBy({
      by: ['formId'],
      where: {
        status: { in: COUNTED_STATUSES },
        OR: batch.map((p) => ({ formId: p.formId, ...(p.since ? { createdAt: { gte: p.since } } : {}) })),
      },
      _count: { _all: true },
    });
    const counts = new Map(rows.map((r) => [r.formId, r._count._all]));
    for (const p of batch) p.resolve(counts.get(p.formId) ?? 0);
  } catch (err) {
    for (const p of batch) p.reject(err);
  }
}

export async function availability(ctx: Context, form: Form): Promise<{ accepting: boolean; message: string | null }> {
  if (form.status !== 'active') return { accepting: false, message: 'This form is inactive.' };
  const settings = settingsOf(form);
  const now = ctx.platform.clock.now();
  const refusal = scheduleRefusal(settings, now);
  if (refusal) return { accepting: false, message: refusal.message };
  const limit = settings.entryLimit;
  if (limit && (await countEntries(ctx, form.id, periodStart(limit.period, now))) >= limit.count) {
    return { accepting: false, message: limit.message };
  }
  return { accepting: true, message: null };
}
