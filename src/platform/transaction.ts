// One short transaction per command; events and other after-effects wait for the commit and never run for
// rolled-back work.
import type { Prisma } from '../generated/prisma/client.ts';
import type { AtriumEvents, EventName } from './events.ts';
import type { Platform } from './platform.ts';

export type Tx = Prisma.TransactionClient;

export interface AfterCommit {
  emit<K extends EventName>(name: K, payload: AtriumEvents[K]): void;
  /** Any other effect that must only happen once the data is committed (e.g. waking a sender). */
  run(effect: () => unknown): void;
}

export async function transaction<T>(
  platform: Pick<Platform, 'prisma' | 'events' | 'logger'>,
  work: (tx: Tx, after: AfterCommit) => Promise<T>,
  options?: { isolationLevel?: Prisma.TransactionIsolationLevel; timeout?: number; maxWait?: number },
): Promise<T> {
  const effects: (() => unknown)[] = [];
  const after: AfterCommit = {
    emit: (name, payload) => effects.push(() => platform.events.emit(name, payload)),
    run: (effect) => effects.push(effect),
  };
  const result = await platform.prisma.$transaction((tx) => work(tx, after), options);
  for (const effect of effects) {
    try {
      await effect();
    } catch (err) {
      platform.logger.error({ err }, 'after-commit effect failed');
    }
  }
  return result;
}
