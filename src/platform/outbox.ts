// The transactional outbox: events a transaction emits are written in that transaction (event_outbox), delivered
// right after the commit by the same process, and deleted once delivered. If the process dies in between, the row
// outlives it; once its claim expires the relay (at start-up, and the every-minute job) claims and delivers it.
// Delivery is at least once, so every consumer of a durable side effect is idempotent.
import type { Prisma } from '../generated/prisma/client.ts';
import type { AtriumEvents, EventName } from './events.ts';
import type { Platform } from './platform.ts';

/** How long the writing process has to deliver before the relay may take an event. */
export const CLAIM_MS = 60_000;
const BATCH = 100;

export interface PendingEvent {
  name: EventName;
  payload: AtriumEvents[EventName];
}

type Deps = Pick<Platform, 'prisma' | 'events' | 'logger' | 'clock'>;

/** Writes `events` in the transaction; answers their outbox ids in order. */
export async function recordEvents(tx: Prisma.TransactionClient, platform: Pick<Platform, 'clock'>, events: PendingEvent[]): Promise<number[]> {
  if (!events.length) return [];
  const now = platform.clock.now();
  const claimedUntil = new Date(now.getTime() + CLAIM_MS);
  const rows = await tx.eventOutbox.createManyAndReturn({
    data: events.map((e) => ({ name: e.name, payload: e.payload as Prisma.InputJsonValue, createdAt: now, claimedUntil })),
    select: { id: true },
  });
  return rows.map((r) => r.id);
}

/** Dispatches the events in order, then deletes their rows. A listener's failure is logged by the bus and does not
 * undo delivery; a crash before the delete delivers them again later (at least once). */
export async function deliver(platform: Deps, ids: number[], events: PendingEvent[]): Promise<void> {
  for (const event of events) await platform.events.emit(event.name, event.payload as never);
  if (ids.length) await platform.prisma.eventOutbox.deleteMany({ where: { id: { in: ids } } });
}

/** Delivers every event whose claim expired, a batch at a time; answers how many. Safe on many instances at once. */
export async function relayOutbox(platform: Deps): Promise<number> {
  let delivered = 0;
  for (;;) {
    const now = platform.clock.now();
    const claimedUntil = new Date(now.getTime() + CLAIM_MS);
    // Claiming is its own short statement: no transaction stays open while listeners run.
    const claimed = await platform.prisma.$queryRaw<{ id: number; name: string; payload: unknown }[]>`
      UPDATE event_outbox SET claimed_until = ${claimedUntil}, attempts = attempts + 1
      WHERE id IN (SELECT id FROM event_outbox WHERE claimed_until <= ${now} ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
      RETURNING id, name, payload`;
    if (!claimed.length) return delivered;
    const rows = claimed.sort((a, b) => a.id - b.id);
    await deliver(platform, rows.map((r) => r.id), rows.map((r) => ({ name: r.name as EventName, payload: r.payload as never })));
    delivered += rows.length;
    platform.logger.warn({ delivered: claimed.length }, 'outbox: delivered events a previous delivery did not finish');
  }
}
