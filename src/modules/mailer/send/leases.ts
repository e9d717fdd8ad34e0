// The rule for rows left "sending" by a crash or a killed instance: after MAILER_SEND_LEASE_SECONDS such a row is
// marked failed ("interrupted"), never re-queued. The SMTP server may or may not have taken that one message, and
// sending nobody twice matters more than reaching everybody (an operator can see and re-send the few failures).
// At most two batches per lane are ever in that state (a lane claims its next MAILER_BATCH_SIZE rows while under a
// quarter of the last batch is unanswered: the rows claimed and not yet recorded are that tail, the outcomes not yet
// written, and the new batch). A graceful shutdown claims nothing more and lets them finish, so only a killed process
// leaves rows in doubt.
import type { Platform } from '../../../platform/platform.ts';

export const INTERRUPTED = 'Interrupted during delivery; not retried so that nobody gets the message twice.';

export async function expireLeases(platform: Platform): Promise<number> {
  const cutoff = new Date(platform.clock.now().getTime() - platform.config.mailer.sendLeaseSeconds * 1000);
  const expired = await platform.prisma.mailerRecipient.updateMany({
    where: { status: 'sending', claimedAt: { lt: cutoff } },
    data: { status: 'failed', error: INTERRUPTED },
  });
  if (expired.count) platform.logger.warn({ rows: expired.count }, 'mailer: interrupted deliveries marked failed');
  return expired.count;
}
