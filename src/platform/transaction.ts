// One short transaction per command; events and other after-effects wait for the commit and never run for
// rolled-back work. Events are written to the outbox in the transaction (src/platform/outbox.ts), so a crash after
// the commit delays them instead of losing them.
import type { Prisma } from '../generated/prisma/client.ts';
import type { AtriumEvents, EventName } from './events.ts';
import { recordEvents, type PendingEvent } from './outbox.ts';
import type { Platform } from './platform.ts';

export type Tx = Prisma.TransactionClient;

export interface AfterCommit {
  emit<K extends EventName>(name: K, payload: AtriumEvents[K]): void;
  /** Any other effect that must only happen once the data is committed (e.g. waking a sender). */
  run(effect: () => unknown): void;
}

export async function transaction<T>(
  platform: Pick<Platform, 'prisma' | 'events' | 'logger' | 'clock'>,
  work: (tx: Tx, after: AfterCommit) => Promise<T>,
  options?: { isolationLevel?: Prisma.TransactionIsolationLevel; timeout?: number; maxWait?: number },
): Promise<T> {
  const effects: (() => unknown)[] = [];
  const events: PendingEvent[] = [];
  let ids: number[] = [];
  const after: AfterCommit = {
    emit: (name, payload) => {
      const event = { name, payload } as PendingEvent;
      events.push(event);
      effects.push(() => platform.events.emit(event.name, event.payload as never));
    },
    run: (effect) => effects.push(effect),
  };
  const result = await platform.prisma.$transaction(async (tx) => {
    const value = await work(tx, after);
    ids = await recordEvents(tx, platform, events);
    return value;
  }, options);
  for (const effect of effects) {
    try {
      await effect();
    } catch (err) {
      platform.logger.error({ err }, 'after-commit effect failed');
    }
  }
  // Delivered: the outbox rows go (a crash before this line delivers them again, later).
  if (ids.length) await platform.prisma.eventOutbox.deleteMany({ where: { id: { in: ids } } });
  return result;
}
