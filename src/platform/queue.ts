// The job engine: graphile-worker on Atrium's PostgreSQL. A job added with SQL inside a business transaction commits
// with it (the outbox comes free); every instance runs a worker pool that takes jobs with SKIP LOCKED and hears of new
// ones by LISTEN/NOTIFY; a failed attempt runs again after exp(attempts) seconds, and a job whose last attempt failed
// stays, with its error, until an operator retries it (queue-admin.ts). Jobs of an instance that died are given back
// at start-up and every minute (recover), rather than after graphile-worker's four hours.
import { EventEmitter, once } from 'node:events';
import { Logger as WorkerLogger, runTaskList, type Job, type TaskList, type WorkerPool } from 'graphile-worker';
import pg from 'pg';
import { heardPool } from '../db/heard-pool.ts';
import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';
import type { Logger } from './logger.ts';
import { metricsFor } from './metrics.ts';
import type { Platform } from './platform.ts';
import type { JobInfo, TaskDefinition } from './tasks.ts';

/** One job to add: what `graphile_worker.add_jobs` takes. */
export interface JobSpec {
  task: string;
  payload: unknown;
  maxAttempts: number;
  runAt?: Date;
  /** Instead of runAt: run this long after the database's now() (a wait decided on the platform's clock, which may
   *  not be the database's: a test's ManualClock, or a host's small skew). */
  delayMs?: number;
  /** At most one waiting job per key (a later add replaces a waiting one). */
  jobKey?: string;
  /** Lower runs first (default 0): bulk work (campaign batches) yields to events. */
  priority?: number;
}

export interface AddOptions {
  runAt?: Date;
  delayMs?: number;
  jobKey?: string;
  priority?: number;
}

/** A pool is named on its connections, so a pool whose connections are gone (its process died) is known dead. */
const APP_PREFIX = 'atrium-jobs ';

export class Queue {
  readonly #tasks = new Map<string, TaskDefinition<any>>();
  /** Job events of this instance's pool (job:complete, …), for metrics and settle(). */
  readonly events = new EventEmitter();
  #pgPool: pg.Pool | null = null;
  #workers: WorkerPool | null = null;
  #schema: Promise<void> = Promise.resolve();

  constructor(
    private readonly platform: Platform,
    tasks: readonly TaskDefinition<any>[],
  ) {
    for (const task of tasks) {
      if (this.#tasks.has(task.name)) throw new Error(`Task ${task.name} is declared twice`);
      this.#tasks.set(task.name, task);
    }
    this.events.setMaxListeners(0);
  }

  get taskNames(): string[] {
    return [...this.#tasks.keys()];
  }

  /** The job to add for `task`: checked against the registered tasks, so a typo fails where it is written. */
  spec<P>(task: TaskDefinition<P>, payload: P, options: AddOptions = {}): JobSpec {
    if (this.#tasks.get(task.name) !== task) throw new Error(`Task ${task.name} is not registered on this platform`);
    return {
      task: task.name,
      payload,
      maxAttempts: task.maxAttempts ?? this.platform.config.jobs.maxAttempts,
      ...options,
    };
  }

  /** Jobs wait for graphile-worker's migration check when serve runs it after listening (src/server.ts). */
  async schemaChecked(check: Promise<void>): Promise<void> {
    this.#schema = check.catch(() => {}); // a failed check stops the server; jobs added meanwhile try anyway
    await check;
  }

  /** Adds jobs in one statement: through `tx` inside a transaction (they commit with it), else on the pool. */
  async addJobs(
    specs: readonly JobSpec[],
    client: Prisma.TransactionClient | PrismaClient = this.platform.prisma,
  ): Promise<void> {
    if (!specs.length) return;
    await this.#schema;
    const rows = specs.map((s) => ({
      task: s.task,
      payload: s.payload ?? {},
      run_at: s.runAt?.toISOString() ?? null,
      delay_ms: s.delayMs ?? null,
      max_attempts: s.maxAttempts,
      job_key: s.jobKey ?? null,
      priority: s.priority ?? 0,
    }));
    await client.$queryRaw`
      SELECT count(*)::int AS added FROM graphile_worker.add_jobs(ARRAY(
        SELECT ROW(s.task, s.payload, NULL, coalesce(s.run_at, now() + make_interval(secs => s.delay_ms / 1000.0)),
          s.max_attempts, s.job_key, s.priority, NULL)::graphile_worker.job_spec
        FROM json_to_recordset(${JSON.stringify(rows)}::json)
          AS s(task text, payload json, run_at timestamptz, delay_ms bigint, max_attempts int, job_key text, priority int)))`;
  }

  add<P>(
    task: TaskDefinition<P>,
    payload: P,
    options?: AddOptions,
    client?: Prisma.TransactionClient | PrismaClient,
  ): Promise<void> {
    return this.addJobs([this.spec(task, payload, options)], client);
  }

  /**
   * Starts this instance's worker pool (`concurrency` jobs at once); resolves once its LISTEN connection is up (or its
   * first attempt failed: graphile-worker retries on its own). The start is then finished with its log line written,
   * not later in the background, where it landed among the lines of whichever requests were being served.
   */
  async start(concurrency: number): Promise<void> {
    if (this.#workers || concurrency < 1) return;
    const { db, logger } = this.platform;
    // Its own small pool: the workers' bookkeeping never waits behind requests, nor requests behind it. Its
    // connections carry the worker pool's id as application_name (set as each one starts, when the id is known), so
    // every instance can tell a live pool from a dead one; the LISTEN connection lives as long as the pool.
    let name = '';
    class NamedClient extends pg.Client {
      getStartupConf() {
        return {
          ...(pg.Client.prototype as unknown as { getStartupConf(): object }).getStartupConf.call(this),
          application_name: name,
        };
      }
    }
    const pgPool = heardPool({ connectionString: db.url, max: 4, Client: NamedClient }, (err) =>
      logger.warn({ err }, 'job queue connection lost'),
    );
    let heard!: () => void;
    const listening = new Promise<void>((resolve) => (heard = resolve));
    this.events.on('pool:listen:success', heard).on('pool:listen:error', heard);
    const workers = runTaskList(
      { concurrency, noHandleSignals: true, logger: workerLogger(logger), events: this.events, pollInterval: 1000 },
      this.#taskList(),
      pgPool,
    );
    name = APP_PREFIX + workers.id;
    this.#pgPool = pgPool;
    this.#workers = workers;
    workers.promise.catch((err) => logger.error({ err }, 'job workers stopped'));
    // A pool stopped before it connected reports neither.
    await Promise.race([listening, workers.promise.catch(() => {})]);
    this.events.off('pool:listen:success', heard).off('pool:listen:error', heard);
  }

  /** Lets running jobs finish (a long one sees its abort signal), then closes the pool's connections. */
  async stop(): Promise<void> {
    const workers = this.#workers;
    this.#workers = null;
    if (!workers) return;
    await workers.gracefulShutdown('Atrium is stopping');
    await this.#pgPool?.end();
    this.#pgPool = null;
  }

  /** Gives the jobs of worker pools that no longer have a database connection (their process died) back to the queue. */
  async recover(): Promise<number> {
    const rows = await this.platform.prisma.$queryRaw<{ pools: string[] | null }[]>`
      SELECT array_agg(DISTINCT j.locked_by) AS pools FROM graphile_worker._private_jobs j
      WHERE j.locked_by IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.application_name = ${APP_PREFIX} || j.locked_by)`;
    const pools = rows[0]?.pools ?? [];
    if (!pools.length) return 0;
    await this.platform.prisma.$executeRaw`SELECT graphile_worker.force_unlock_workers(${pools}::text[])`;
    this.platform.logger.warn({ pools }, 'jobs of stopped workers given back to the queue');
    return pools.length;
  }

  /** Resolves once no job of a known task is due or running on this instance (tests; retries later are not waited for). */
  async settle(): Promise<void> {
    for (;;) {
      const completed = once(this.events, 'job:complete');
      const rows = await this.platform.prisma.$queryRaw<{ due: number; mine: number }[]>`
        SELECT count(*) FILTER (WHERE j.locked_at IS NULL)::int AS due, count(*) FILTER (WHERE j.locked_by = ${this.#workers?.id ?? ''})::int AS mine
        FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
        WHERE t.identifier = ANY(${this.taskNames}::text[])
          AND ((j.locked_at IS NULL AND j.attempts < j.max_attempts AND j.run_at <= now()) OR j.locked_by = ${this.#workers?.id ?? ''})`;
      const { due, mine } = rows[0]!;
      if (!due && !mine) return;
      if (!this.#workers) throw new Error('settle(): jobs are waiting but this instance runs no workers');
      if (due) this.#workers.nudge(due);
      // A completion is reported before it is written: look again at the next one, or shortly.
      await Promise.race([completed, new Promise((r) => setTimeout(r, 20))]);
    }
  }

  #taskList(): TaskList {
    const metrics = metricsFor(this.platform);
    return Object.fromEntries(
      [...this.#tasks].map(([name, task]) => [
        name,
        async (payload: unknown, helpers) => {
          const job = helpers.job as Job;
          const info: JobInfo = {
            id: String(job.id),
            attempt: job.attempts,
            maxAttempts: job.max_attempts,
            signal: helpers.abortSignal,
          };
          const end = metrics.jobDuration.startTimer({ task: name });
          try {
            await task.run(this.platform, payload, info);
            end({ outcome: 'succeeded' });
          } catch (err) {
            end({ outcome: info.attempt >= info.maxAttempts ? 'failed' : 'retried' });
            throw err;
          }
        },
      ]),
    );
  }
}

/** graphile-worker's log lines through Atrium's logger (its errors are job failures: warn, the job keeps them). */
function workerLogger(logger: Logger) {
  return new WorkerLogger((scope) => (level, message, meta) => {
    const fields = {
      scope: { task: scope.taskIdentifier, job: scope.jobId },
      ...(meta?.error ? { err: meta.error } : {}),
    };
    if (level === 'error' || level === 'warning') logger.warn(fields, message);
    else logger.debug(fields, message);
  });
}
