// The typed event bus: a typed face over actions. Every emit is also the classic action of the same name, so a
// listener may register either way. Modules declare their events by augmenting AtriumEvents:
//
//   declare module '../../platform/events.ts' {
//     interface AtriumEvents { 'mailer/subscriber/subscribed': { subscriberId: number; email: string } }
//   }
//
// Two kinds of listener: `on` runs in the emitting process (after the commit, for `after.emit`), and may be lost
// with that process; a durable listener (Module.listeners, tasks.ts) is a job added with the event — in the same
// transaction for `after.emit` — run by any instance's workers, retried with backoff until it succeeds.
import type { Hooks } from './hooks.ts';
import type { JobSpec, Queue } from './queue.ts';
import type { Platform } from './platform.ts';
import type { JobInfo, TaskDefinition } from './tasks.ts';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- each module adds its events by declaration merging
export interface AtriumEvents {}

export type EventName = keyof AtriumEvents & string;

export class EventBus {
  #durable = new Map<string, TaskDefinition[]>();
  #queue: Queue | null = null;

  constructor(private readonly hooks: Hooks) {}

  /** Connects the durable listeners (each a task registered on `queue`) to their events (platform construction). */
  attach(queue: Queue, durable: readonly { event: string; task: TaskDefinition }[]): void {
    for (const { event, task } of durable) this.#durable.set(event, [...(this.#durable.get(event) ?? []), task]);
    this.#queue = queue;
  }

  on<K extends EventName>(name: K, listener: (payload: AtriumEvents[K]) => unknown, priority = 10): () => void {
    return this.hooks.addAction(name, listener, priority);
  }

  /** The jobs that deliver `name` to its durable listeners (none for most events). */
  durableJobs(name: string, payload: unknown): JobSpec[] {
    return (this.#durable.get(name) ?? []).map((task) => this.#queue!.spec(task, payload));
  }

  /** Dispatches now: durable listeners' jobs are added, in-process listeners run. Inside a transaction use
   *  `after.emit` instead, so the jobs commit with the change and the in-process listeners wait for the commit. */
  async emit<K extends EventName>(name: K, payload: AtriumEvents[K]): Promise<void> {
    const jobs = this.durableJobs(name, payload);
    if (jobs.length) await this.#queue!.addJobs(jobs);
    await this.hooks.doAction(name, payload);
  }

  /** The in-process listeners only (the durable ones' jobs were added with the transaction). */
  dispatch(name: string, payload: unknown): Promise<void> {
    return this.hooks.doAction(name, payload);
  }
}

/** A durable listener: one job per emission of its event, each listener its own job so one failing listener does
 *  not run the others again. */
export interface DurableListener<K extends EventName = EventName> {
  event: K;
  /** The task identifier of its jobs, unique across modules (e.g. mailer/on/subscription-requested). */
  name: string;
  maxAttempts?: number;
  /** At least once, retried with backoff: must be idempotent (INSERT … ON CONFLICT, conditional updates). */
  handle(platform: Platform, payload: AtriumEvents[K], job: JobInfo): Promise<unknown>;
}

export const durable = <K extends EventName>(listener: DurableListener<K>): DurableListener =>
  listener as unknown as DurableListener;

/** A listener as the task the engine runs. */
export const listenerTask = (l: DurableListener): TaskDefinition => ({
  name: l.name,
  maxAttempts: l.maxAttempts,
  run: (platform, payload, job) => l.handle(platform, payload as never, job),
});
