// What a module gives the job engine: tasks (work any instance's workers take, retried with backoff) and durable
// listeners (a task run once per emission of an event, each listener its own job so one failing listener does not
// run the others again). Declared on the Module object, registered when the platform is built.
import type { AtriumEvents, EventName } from './events.ts';
import type { Platform } from './platform.ts';

/** The job being run, as the engine sees it. */
export interface JobInfo {
  id: string;
  /** 1 on the first attempt. */
  attempt: number;
  maxAttempts: number;
  /** Aborts when this instance shuts down: a long task stops between steps and throws, to be retried elsewhere. */
  signal: AbortSignal;
}

export interface TaskDefinition<P = unknown> {
  /** The engine's task identifier, unique across modules: `<module>/<what>` (e.g. mailer/campaign/batch). */
  name: string;
  /** Attempts before the job is kept as failed (default JOBS_MAX_ATTEMPTS). */
  maxAttempts?: number;
  /** Throwing fails the attempt: the engine runs it again after exp(attempt) seconds. Must be idempotent. */
  run(platform: Platform, payload: P, job: JobInfo): Promise<unknown>;
}

/** A task with its payload type, so `queue.add(task, payload)` is checked. */
export const defineTask = <P>(task: TaskDefinition<P>): TaskDefinition<P> => task;

export interface DurableListener<K extends EventName = EventName> {
  event: K;
  /** The task identifier of its jobs, unique across modules (e.g. mailer/on/subscription-requested). */
  name: string;
  maxAttempts?: number;
  /** At least once, retried with backoff: must be idempotent (INSERT … ON CONFLICT, conditional updates). */
  handle(platform: Platform, payload: AtriumEvents[K], job: JobInfo): Promise<unknown>;
}

export const durable = <K extends EventName>(listener: DurableListener<K>): DurableListener => listener as unknown as DurableListener;

/** A listener as the task the engine runs. */
export const listenerTask = (l: DurableListener): TaskDefinition => ({
  name: l.name,
  maxAttempts: l.maxAttempts,
  run: (platform, payload, job) => l.handle(platform, payload as never, job),
});
