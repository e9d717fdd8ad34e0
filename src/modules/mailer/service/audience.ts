// A campaign's audience: subscribed people in any of its lists, OR with any of its tags, OR in any of its segments.
// Frozen into mailer_recipients when sending starts (later joiners wait for the next campaign) by one INSERT … SELECT:
// PostgreSQL reads the audience and writes its rows itself, whatever its size (no subscriber crosses to Node, no
// parameter per row). ON CONFLICT DO NOTHING: starting twice never doubles a recipient.
import { sql, type Expression, type SqlBool } from 'kysely';
import { sqlIn } from '../../../db/sql.ts';
import type { Tx } from '../../../platform/transaction.ts';
import { inAnyList, SegmentRules, segmentWhere, withAnyTag, type Subscribers } from './segment-rules.ts';

export interface Audience {
  listIds: number[];
  tagIds: number[];
  segmentIds: number[];
}

export const hasAudience = (a: Audience) => a.listIds.length + a.tagIds.length + a.segmentIds.length > 0;

/** The audience as a condition on subscribers, its segments' rules read first (a segment's rules that no longer parse
 *  select nobody). */
async function audienceWhere(tx: Tx, a: Audience, now: Date) {
  const segments = a.segmentIds.length
    ? await tx.mailerSegment.findMany({ where: { id: { in: a.segmentIds } }, select: { rules: true } })
    : [];
  const rules = segments.flatMap((s) => {
    const parsed = SegmentRules.safeParse(s.rules);
    return parsed.success ? [parsed.data] : [];
  });
  return (eb: Subscribers): Expression<SqlBool> =>
    eb.and([
      // Only subscribed people are ever mailed, whatever a segment says about status.
      eb('mailer_subscribers.status', '=', 'subscribed'),
      eb.or([
        ...(a.listIds.length ? [inAnyList(eb, a.listIds)] : []),
        ...(a.tagIds.length ? [withAnyTag(eb, a.tagIds)] : []),
        ...rules.map((r) => segmentWhere(eb, r, now)),
      ]),
    ]);
}

/** Queues every audience member of the campaign, due from `now` (the platform's clock, not the column's default,
 *  which is the database's), in subscriber order. */
export async function materialise(tx: Tx, campaignId: number, a: Audience, now: Date): Promise<void> {
  const where = await audienceWhere(tx, a, now);
  // Prisma's raw call (sqlIn) sends parameters untyped: the selected values are typed in the text.
  const campaign = sql<number>`${campaignId}::int`;
  const due = sql<Date>`${now.toISOString().slice(0, 23)}::timestamp(3)`;
  await sqlIn(tx)
    .insertInto('mailer_recipients')
    .columns(['campaign_id', 'subscriber_id', 'email', 'not_before'])
    .expression((db) =>
      db
        .selectFrom('mailer_subscribers')
        .select([campaign.as('campaign_id'), 'id', 'email', due.as('not_before')])
        .where(where)
        .orderBy('id'),
    )
    .onConflict((oc) => oc.columns(['campaign_id', 'subscriber_id']).doNothing())
    .execute();
}
