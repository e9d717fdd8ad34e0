// The background sender. It never holds a transaction while talking SMTP: for each recipient it claims the row
// (queued -> sending, one atomic UPDATE that also requires the campaign to be sending, so pause and cancel act
// before the next message), sends, then marks it sent or failed. Only the one row in flight is ever "sending", so a
// crash leaves at most one row per sender in doubt; the lease rule (leases.ts) resolves those without resending.
// Several instances may run the same campaign: claims make each message go out once.
import type { Platform } from '../../../platform/platform.ts';
import { renderHtml, renderSubject, renderText, type RecipientVars } from './render.ts';
import { linkSecret, makeToken } from './tokens.ts';

const running = new WeakMap<Platform, Map<number, Promise<void>>>();
const stopped = new WeakSet<Platform>();

const loops = (platform: Platform) => {
  let m = running.get(platform);
  if (!m) running.set(platform, (m = new Map()));
  return m;
};

/** Runs the campaign's sender in the background of this instance (once per campaign per instance). */
export function wakeSender(platform: Platform, campaignId: number): Promise<void> {
  const m = loops(platform);
  const existing = m.get(campaignId);
  if (existing) return existing;
  const run = sendQueued(platform, campaignId)
    .catch((err) => platform.logger.error({ err, campaignId }, 'mailer sender failed'))
    .finally(() => m.delete(campaignId));
  m.set(campaignId, run);
  return run;
}

/** Resolves when every sender of this instance has returned (tests; shutdown). */
export async function settleSending(platform: Platform): Promise<void> {
  const m = loops(platform);
  while (m.size) await Promise.all([...m.values()]);
}

/** Shutdown: senders stop after the message in flight; their remaining rows stay queued for the next start. */
export async function stopSending(platform: Platform): Promise<void> {
  stopped.add(platform);
  await settleSending(platform);
}

export const trackingUrls = (platform: Platform, secret: Buffer, recipientId: number): Omit<RecipientVars, 'firstName' | 'email'> => {
  const base = platform.config.publicUrl;
  return {
    unsubscribeUrl: `${base}/mailer/u/${makeToken(secret, 'u', recipientId)}`,
    openUrl: `${base}/mailer/o/${makeToken(secret, 'o', recipientId)}.gif`,
    clickUrl: (i) => `${base}/mailer/c/${makeToken(secret, 'c', recipientId, i)}`,
  };
};

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function sendQueued(platform: Platform, campaignId: number): Promise<void> {
  const { prisma, clock, config } = platform;
  const secret = await linkSecret(platform);
  const gap = config.mailer.sendRate > 0 ? 60_000 / config.mailer.sendRate : 0;
  let progressAt = 0;
  while (!stopped.has(platform)) {
    const c = await prisma.mailerCampaign.findUnique({ where: { id: campaignId } });
    if (!c || c.status !== 'sending') return;
    const batch = await prisma.mailerRecipient.findMany({
      where: { campaignId, status: 'queued' },
      orderBy: { id: 'asc' },
      take: config.mailer.batchSize,
      select: { id: true, email: true, subscriber: { select: { firstName: true, status: true } } },
    });
    if (!batch.length) return finish(platform, campaignId);
    const links = c.links as string[];
    // Display name quoted (JSON string quoting is valid RFC 5322 quoting for these characters).
    const from = c.fromEmail ? (c.fromName ? `${JSON.stringify(c.fromName)} <${c.fromEmail}>` : c.fromEmail) : undefined;
    for (const r of batch) {
      if (stopped.has(platform)) return;
      const claimed = await prisma.$executeRaw`
        UPDATE mailer_recipients SET status = 'sending', claimed_at = ${clock.now()}
        WHERE id = ${r.id} AND status = 'queued'
          AND EXISTS (SELECT 1 FROM mailer_campaigns WHERE id = ${campaignId} AND status = 'sending')`;
      if (!claimed) continue; // another instance has it, or the campaign was paused or cancelled
      if (r.subscriber?.status !== 'subscribed') {
        // Left (or was deleted) after the audience was frozen: never mail them.
        await prisma.mailerRecipient.update({ where: { id: r.id }, data: { status: 'cancelled', error: 'No longer subscribed.' } });
        continue;
      }
      const vars: RecipientVars = { firstName: r.subscriber.firstName, email: r.email, ...trackingUrls(platform, secret, r.id) };
      try {
        const result = await platform.mail.send({
          to: r.email,
          ...(from ? { from } : {}),
          subject: renderSubject(c.subject, vars),
          html: renderHtml(c.html, links, vars) || undefined,
          text: renderText(c.text, vars) || undefined,
          list: { unsubscribe: { url: vars.unsubscribeUrl, comment: 'Unsubscribe' } },
          headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click', 'X-Atrium-Campaign': String(campaignId) },
        });
        if (result.rejected.length) throw new Error(`Refused: ${result.rejected.join(', ')}`);
        await prisma.mailerRecipient.update({ where: { id: r.id }, data: { status: 'sent', sentAt: clock.now(), error: null } });
      } catch (err) {
        const error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
        await prisma.mailerRecipient.update({ where: { id: r.id }, data: { status: 'failed', error } });
      }
      if (gap) await pause(gap);
      // Progress for the stuck-campaign check, at most once a minute (not one more statement per message).
      if (clock.now().getTime() - progressAt >= 60_000) {
        progressAt = clock.now().getTime();
        await prisma.mailerCampaign.updateMany({ where: { id: campaignId }, data: { progressAt: clock.now() } });
      }
    }
  }
}

/** The queue is empty: the campaign is sent once no row is still in flight anywhere. */
async function finish(platform: Platform, campaignId: number): Promise<void> {
  const { prisma, clock } = platform;
  if (await prisma.mailerRecipient.count({ where: { campaignId, status: 'sending' } })) return; // the lease rule will settle them
  const now = clock.now();
  const done = await prisma.mailerCampaign.updateMany({ where: { id: campaignId, status: 'sending' }, data: { status: 'sent', finishedAt: now, progressAt: now, updatedAt: now } });
  if (!done.count) return;
  const [sent, failed] = await Promise.all([
    prisma.mailerRecipient.count({ where: { campaignId, status: 'sent' } }),
    prisma.mailerRecipient.count({ where: { campaignId, status: 'failed' } }),
  ]);
  await platform.events.emit('mailer/campaign/sent', { campaignId, sent, failed });
}
