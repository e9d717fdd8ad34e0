// What a module gives the job engine: tasks (work any instance's workers take, retried with backoff; durable
// listeners, events.ts, are tasks too). Declared on the Module object, registered when the platform is built.
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
