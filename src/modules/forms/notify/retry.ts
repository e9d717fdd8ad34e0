// Second chances for notifications: the retry job (failed attempts, and attempts cut short by a crash) and a
// manager's "resend". Each claims the row atomically before sending, so concurrent runs never double-send.
import { AppError } from '../../../platform/errors.ts';
import type { Platform } from '../../../platform/platform.ts';
import { deliver } from './send.ts';

/** Attempts per entry before the retry job gives up (a manager can still resend). */
const MAX_TRIES = 3;
/** An attempt still "sending" after this long was cut short (process stopped mid-send). */
const STALE_MS = 15 * 60_000;

export async function retryFailedNotifications(platform: Platform, batch = 100): Promise<number> {
  const now = platform.clock.now();
  const stale = new Date(now.getTime() - STALE_MS);
  // Out of tries and stuck: report them as failed rather than leave them "sending" for ever.
  await platform.prisma.formEntry.updateMany({
    where: { notificationStatus: 'sending', updatedAt: { lt: stale }, notificationTries: { gte: MAX_TRIES } },
    data: { notificationStatus: 'failed', updatedAt: now },
  });
  const claimed = await platform.prisma.$queryRaw<{ id: number }[]>`
    UPDATE form_entries SET notification_status = 'sending', notification_tries = notification_tries + 1, updated_at = ${now}
    WHERE id IN (
      SELECT id FROM form_entries
      WHERE notification_tries < ${MAX_TRIES}
        AND (notification_status = 'failed' OR (notification_status = 'sending' AND updated_at < ${stale}))
      ORDER BY id LIMIT ${batch} FOR UPDATE SKIP LOCKED)
    RETURNING id`;
  for (const { id } of claimed) await deliver(platform, id, true);
  return claimed.length;
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
