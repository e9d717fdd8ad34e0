// One short transaction per command; events and other after-effects wait for the commit and never run for
// rolled-back work. The jobs of durable listeners (and any job `after.enqueue` asks for) are added in the
// transaction, through its client, so they commit with the change: a crash after the commit delays them, never loses
// them. In-process listeners and `after.run` effects run after the commit, in this process (they may be lost).
import type { Prisma } from '../generated/prisma/client.ts';
import type { AtriumEvents, EventName } from './events.ts';
import type { Platform } from './platform.ts';
import type { AddOptions, JobSpec } from './queue.ts';
import type { TaskDefinition } from './tasks.ts';

export type Tx = Prisma.TransactionClient;

export interface AfterCommit {
  emit<K extends EventName>(name: K, payload: AtriumEvents[K]): void;
  /** A job added in this transaction: a worker takes it once the transaction commits (never if it rolls back). */
  enqueue<P>(task: TaskDefinition<P>, payload: P, options?: AddOptions): void;
  /** Any other effect that must only happen once the data is committed; not durable. */
  run(effect: () => unknown): void;
}

export async function transaction<T>(
  platform: Pick<Platform, 'prisma' | 'events' | 'logger' | 'queue'>,
  work: (tx: Tx, after: AfterCommit) => Promise<T>,
  options?: { isolationLevel?: Prisma.TransactionIsolationLevel; timeout?: number; maxWait?: number },
): Promise<T> {
  const effects: (() => unknown)[] = [];
  const jobs: JobSpec[] = [];
  const after: AfterCommit = {
    emit: (name, payload) => {
      jobs.push(...platform.events.durableJobs(name, payload));
      effects.push(() => platform.events.dispatch(name, payload));
    },
    enqueue: (task, payload, opts) => void jobs.push(platform.queue.spec(task, payload, opts)),
    run: (effect) => effects.push(effect),
  };
  const result = await platform.prisma.$transaction(async (tx) => {
    const value = await work(tx, after);
    await platform.queue.addJobs(jobs, tx);
    return value;
  }, options);
  for (const effect of effects) {
    try {
      await effect();
    } catch (err) {
      platform.logger.error({ err }, 'after-commit effect failed');
    }
  }
  return result;
}
