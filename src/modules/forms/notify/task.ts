// An entry's notifications as a job of the engine (forms/entry/notify): added in the submission's transaction, so
// the entry and its delivery commit together, and retried with the engine's backoff (2.7 s, then 7.4 s) while a
// notification fails — three attempts in all, after which the job is kept as failed with the failures and the
// entry stays "failed" until a manager resends. Each attempt claims the row (status "sending") before it sends:
// a manager's resend in progress, or an attempt of another instance, is never doubled.
import type { Platform } from '../../../platform/platform.ts';
import { defineTask, type JobInfo } from '../../../platform/tasks.ts';
import { deliver } from './send.ts';

/** Attempts per entry, the first included (a manager can still resend after them). */
export const MAX_TRIES = 3;

export interface NotifyPayload {
  entryId: number;
  /** Added by the submission, which stored the entry already claimed ("sending", first try). */
  submitted?: boolean;
}

export const notifyTask = defineTask<NotifyPayload>({
  name: 'forms/entry/notify',
  maxAttempts: MAX_TRIES,
  run: (platform, payload, job) => notify(platform, payload, job),
});

export const notifyJobKey = (entryId: number) => `forms/entry/${entryId}/notify`;

/** The row for this attempt: the submission's own claim on its first attempt, else a failed entry with tries left. */
async function claim(platform: Platform, { entryId, submitted }: NotifyPayload, job: JobInfo): Promise<boolean> {
  if (submitted && job.attempt === 1) {
    const row = await platform.prisma.formEntry.findUnique({
      where: { id: entryId },
      select: { notificationStatus: true, notificationTries: true },
    });
    return row?.notificationStatus === 'sending' && row.notificationTries === 1;
  }
  const claimed = await platform.prisma.formEntry.updateMany({
    where: { id: entryId, notificationStatus: 'failed', notificationTries: { lt: MAX_TRIES } },
    data: { notificationStatus: 'sending', notificationTries: { increment: 1 }, updatedAt: platform.clock.now() },
  });
  return claimed.count > 0;
}

async function notify(platform: Platform, payload: NotifyPayload, job: JobInfo): Promise<void> {
  // Not ours to send: sent or resent meanwhile, deleted, out of tries, or "sending" by another attempt — a resend
  // in progress, or one cut short by a crash, which the recovery job hands back after 15 minutes.
  if (!(await claim(platform, payload, job))) return;
  const outcome = await deliver(platform, payload.entryId, !(payload.submitted && job.attempt === 1));
  if (outcome?.status === 'failed') throw new Error(`Notifications failed: ${outcome.failures.join('; ')}`);
}
