// What the links in a campaign mail do: count an open, count a click (and tell where to go), unsubscribe.
// All are idempotent where it matters: the first open/click sets the "unique" timestamp, later ones only count.
import type { Platform } from '../../../platform/platform.ts';
import { transaction } from '../../../platform/transaction.ts';
import { statusEvents } from '../service/subscribers.ts';
import { linkSecret, readToken, type TokenKind } from './tokens.ts';

async function recipientOf(platform: Platform, token: string, kind: TokenKind) {
  const claims = readToken(await linkSecret(platform), token, kind);
  if (!claims) return null;
  const r = await platform.prisma.mailerRecipient.findUnique({
    where: { id: claims.recipientId },
    include: { campaign: { select: { links: true } } },
  });
  return r ? { r, link: claims.link } : null;
}

export async function recordOpen(platform: Platform, token: string): Promise<boolean> {
  const found = await recipientOf(platform, token, 'o');
  if (!found) return false;
  await platform.prisma.$executeRaw`
    UPDATE mailer_recipients SET opens = opens + 1, opened_at = coalesce(opened_at, ${platform.clock.now()}) WHERE id = ${found.r.id}`;
  return true;
}

/** The campaign URL to redirect to, or null (bad token, or an index that is not one of the campaign's links). */
export async function recordClick(platform: Platform, token: string): Promise<string | null> {
  const found = await recipientOf(platform, token, 'c');
  const url = found ? (found.r.campaign.links as string[])[found.link] : undefined;
  if (!found || !url) return null;
  const now = platform.clock.now();
  // A click implies the mail was opened (images are often blocked): count the open once if none was seen.
  await platform.prisma.$executeRaw`
    UPDATE mailer_recipients SET clicks = clicks + 1, clicked_at = coalesce(clicked_at, ${now}), opened_at = coalesce(opened_at, ${now}),
      opens = CASE WHEN opened_at IS NULL THEN opens + 1 ELSE opens END
    WHERE id = ${found.r.id}`;
  return url;
}

/** Unsubscribes the recipient's subscriber; the campaign counts the unsubscribe once. */
export async function unsubscribeByToken(platform: Platform, token: string): Promise<{ email: string } | null> {
  const found = await recipientOf(platform, token, 'u');
  if (!found?.r.subscriberId) return null;
  const { r } = found;
  return transaction(platform, async (tx, after) => {
    const now = platform.clock.now();
    const s = await tx.mailerSubscriber.findUnique({ where: { id: r.subscriberId! } });
    if (!s) return null;
    // Conditional: a mail client's one-click POST and a human click arriving together unsubscribe (and emit) once.
    const moved = await tx.mailerSubscriber.updateMany({
      where: { id: s.id, status: { not: 'unsubscribed' } },
      data: { status: 'unsubscribed', unsubscribedAt: now, updatedAt: now },
    });
    if (moved.count) statusEvents(after, s, s.status, 'unsubscribed', r.campaignId);
    await tx.mailerRecipient.updateMany({ where: { id: r.id, unsubscribedAt: null }, data: { unsubscribedAt: now } });
    return { email: s.email };
  });
}
