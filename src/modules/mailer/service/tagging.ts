// Tagging a subscriber: idempotent (a tag it has already changes nothing and emits nothing), and race-safe.
// Both take an optional running transaction, for callers that tag as part of a larger change (inbound events).
import { z } from 'zod';
import type { Platform } from '../../../platform/platform.ts';
import { transaction, type AfterCommit, type Tx } from '../../../platform/transaction.ts';
import { parseDeclared } from '../../../platform/validation.ts';
import { id as rowId } from '../../../input/vocabulary.ts';
import { subscriberNotFound, tagNotFound } from '../errors.ts';
import { ids } from './subscribers.ts';

export const TagAssignment = { id: rowId().describe('Subscriber id.'), tagIds: ids('Tags to add.').min(1) };

async function assertTags(tx: Tx, tagIds: readonly number[]) {
  const found = await tx.mailerTag.findMany({ where: { id: { in: [...tagIds] } }, select: { id: true } });
  const missing = tagIds.find((id) => !found.some((t) => t.id === id));
  if (missing !== undefined) throw tagNotFound(missing);
}

/** Adds tags; returns the ids that were new (the others were already there: nothing changes, no event). */
export async function tagSubscriber(
  platform: Platform,
  id: number,
  tagIds: number[],
  tx0?: { tx: Tx; after: AfterCommit },
) {
  parseDeclared(z.object(TagAssignment), { id, tagIds });
  const work = async (tx: Tx, after: AfterCommit) => {
    if (!(await tx.mailerSubscriber.findUnique({ where: { id }, select: { id: true } }))) throw subscriberNotFound();
    await assertTags(tx, tagIds);
    const now = platform.clock.now();
    // RETURNING names only the rows this statement inserted: with concurrent assignments of one tag, exactly one
    // of them sees it as new (the other waits on the unique key, then does nothing) and emits the event.
    const rows = await tx.$queryRaw<{ tag_id: number }[]>`
      INSERT INTO mailer_subscriber_tags (subscriber_id, tag_id, created_at)
      SELECT ${id}, t, ${now} FROM unnest(${[...new Set(tagIds)]}::int[]) AS t
      ON CONFLICT DO NOTHING RETURNING tag_id`;
    const added = rows.map((r) => r.tag_id);
    if (!added.length) return added;
    await tx.mailerSubscriber.update({ where: { id }, data: { updatedAt: now } });
    after.emit('mailer/subscriber/tagged', { subscriberId: id, tagIds: added });
    return added;
  };
  return tx0 ? work(tx0.tx, tx0.after) : transaction(platform, work);
}

/** Removes one tag; false when the subscriber did not have it. */
export async function untagSubscriber(
  platform: Platform,
  id: number,
  tagId: number,
  tx0?: { tx: Tx; after: AfterCommit },
) {
  const work = async (tx: Tx, after: AfterCommit) => {
    if (!(await tx.mailerSubscriber.findUnique({ where: { id }, select: { id: true } }))) throw subscriberNotFound();
    if (!(await tx.mailerTag.findUnique({ where: { id: tagId }, select: { id: true } }))) throw tagNotFound(tagId);
    const removed = await tx.mailerSubscriberTag.deleteMany({ where: { subscriberId: id, tagId } });
    if (!removed.count) return false;
    await tx.mailerSubscriber.update({ where: { id }, data: { updatedAt: platform.clock.now() } });
    after.emit('mailer/subscriber/untagged', { subscriberId: id, tagIds: [tagId] });
    return true;
  };
  return tx0 ? work(tx0.tx, tx0.after) : transaction(platform, work);
}
