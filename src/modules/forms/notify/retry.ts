// Second chances for notifications beyond the notify job's own retries: the recovery of attempts cut short by a crash,
// and a manager's "resend". Each claims the row atomically before sending, so concurrent runs never double-send.
import { AppError } from '../../../platform/errors.ts';
import type { Platform } from '../../../platform/platform.ts';
import { deliver } from './send.ts';
import { MAX_TRIES, notifyJobKey, notifyTask } from './task.ts';
/** An attempt still "sending" after this long was cut short (process stopped mid-send). */
const STALE_MS = 15 * 60_000;

/**
 * Attempts cut short (the process stopped mid-send, so the entry is still "sending" after 15 minutes): marked failed,
 * and those with tries left handed back to the notify job. Failed attempts need nothing here: the job retries them.
 */
export async function recoverCutShortNotifications(platform: Platform, batch = 100): Promise<number> {
  const now = platform.clock.now();
  const stale = new Date(now.getTime() - STALE_MS);
  const cut = await platform.prisma.$queryRaw<{ id: number; tries: number }[]>`
    UPDATE form_entries SET notification_status = 'failed', updated_at = ${now}
    WHERE id IN (
      SELECT id FROM form_entries WHERE notification_status = 'sending' AND updated_at < ${stale}
      ORDER BY id LIMIT ${batch} FOR UPDATE SKIP LOCKED)
    RETURNING id, notification_tries AS tries`;
  const retry = cut.filter((r) => r.tries < MAX_TRIES);
  await platform.queue.addJobs(
    retry.map((r) => platform.queue.spec(notifyTask, { entryId: r.id }, { jobKey: notifyJobKey(r.id) })),
  );
  return cut.length;
}

/** Sends every enabled notification of the entry again, now; answers once the attempt is recorded. */
export async function resendNotifications(platform: Platform, entryId: number): Promise<void> {
  const now = platform.clock.now();
  const claimed = await platform.prisma.$queryRaw<{ id: number }[]>`
    UPDATE form_entries SET notification_status = 'sending', notification_tries = notification_tries + 1, updated_at = ${now}
    WHERE id = ${entryId} AND notification_status <> 'sending'
    RETURNING id`;
  if (!claimed.length) {
    const exists = await platform.prisma.formEntry.count({ where: { id: entryId } });
    if (!exists) throw new AppError('forms_entry_not_found', 'No entry has that id.', { status: 404 });
    throw new AppError('forms_notification_in_progress', 'The notifications of this entry are being sent right now.', {
      status: 409,
    });
  }
  await deliver(platform, entryId);
}
