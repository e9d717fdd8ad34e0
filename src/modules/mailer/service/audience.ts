// A campaign's audience: subscribed people in any of its lists, OR with any of its tags, OR in any of its segments.
// Materialised into mailer_recipients when sending starts (the audience is frozen then; later joiners wait for the
// next campaign), in chunks of inserts with ON CONFLICT DO NOTHING, so starting twice never doubles a recipient.
import type { Prisma } from '../../../generated/prisma/client.ts';
import type { Tx } from '../../../platform/transaction.ts';
import { SegmentRules, segmentWhere } from './segment-rules.ts';

export interface Audience {
  listIds: number[];
  tagIds: number[];
  segmentIds: number[];
}

export const hasAudience = (a: Audience) => a.listIds.length + a.tagIds.length + a.segmentIds.length > 0;

export async function audienceWhere(tx: Tx, a: Audience, now: Date): Promise<Prisma.MailerSubscriberWhereInput> {
  const segments = a.segmentIds.length ? await tx.mailerSegment.findMany({ where: { id: { in: a.segmentIds } } }) : [];
  const any: Prisma.MailerSubscriberWhereInput[] = [
    ...(a.listIds.length ? [{ lists: { some: { listId: { in: a.listIds } } } }] : []),
    ...(a.tagIds.length ? [{ tags: { some: { tagId: { in: a.tagIds } } } }] : []),
    ...segments.flatMap((s) => {
      const parsed = SegmentRules.safeParse(s.rules);
      return parsed.success ? [segmentWhere(parsed.data, now)] : [];
    }),
  ];
  // Only subscribed people are ever mailed, whatever a segment says about status.
  return { AND: [{ status: 'subscribed' }, { OR: any.length ? any : [{ id: -1 }] }] };
}

const CHUNK = 5000;

/** Queues every audience member of the campaign; returns how many rows the campaign has now. */
export async function materialise(tx: Tx, campaignId: number, a: Audience, now: Date): Promise<number> {
  const where = await audienceWhere(tx, a, now);
  for (let cursor = 0; ;) {
    const batch = await tx.mailerSubscriber.findMany({
      where: { AND: [where, { id: { gt: cursor } }] },
      select: { id: true, email: true },
      orderBy: { id: 'asc' },
      take: CHUNK,
    });
    if (!batch.length) break;
    await tx.mailerRecipient.createMany({
      // Due from the campaign's start by the platform's clock (the column's default is the database's).
      data: batch.map((s) => ({ campaignId, subscriberId: s.id, email: s.email, notBefore: now })),
      skipDuplicates: true,
    });
    cursor = batch[batch.length - 1]!.id;
  }
  return tx.mailerRecipient.count({ where: { campaignId } });
}
