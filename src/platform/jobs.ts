// Scheduled jobs: node-cron is the clock, the job engine does the work. Each fire claims (hook, period) in job_runs
// and adds the period's job (job_key `hook@period`) in the same transaction: with N instances the claim succeeds
// once, so each period runs once, on whichever instance's worker takes it, retried with backoff when it fails.
// job_runs is also the history `jobs list` shows. JOBS_ENABLED=false stops this instance's clock (its workers still
// run jobs); `runNow` runs a job here and now, as its own manual period (CLI, GraphQL).
import cron, { type ScheduledTask } from 'node-cron';
import type { Platform } from './platform.ts';
import { isUniqueViolation } from './database-errors.ts';
import { notFound } from './errors.ts';
import { defineTask, type JobInfo, type TaskDefinition } from './tasks.ts';
import { transaction } from './transaction.ts';

export interface JobDefinition {
  hook: string;
  /** The group the job belongs to (e.g. membership), shown with its status. */
  group?: string;
  /** node-cron expression: 5 fields (minute precision) or 6 (with seconds). */
  schedule: string;
  description: string;
  /** Attempts of one period's run before it is kept as failed (default 3: the next period comes anyway). */
  maxAttempts?: number;
  run(platform: Platform, info: { period: string }): Promise<unknown>;
}

export type JobOutcome = { status: 'succeeded' | 'failed'; error?: string } | { status: 'skipped' };

export interface JobStatus {
  hook: string;
  group: string | null;
  schedule: string;
  description: string;
  nextRun: Date | null;
  lastRun: { period: string; status: string; startedAt: Date; finishedAt: Date | null; error: string | null } | null;
}

/** The period a scheduled fire belongs to: its minute, in UTC. Every instance computes the same key. */
export function periodOf(date: Date): string {
  return date.toISOString().slice(0, 16);
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 2000);

export class Jobs {
  #clock: ScheduledTask[] = [];
  readonly definitions: readonly JobDefinition[];
  /** One engine task per hook: a job is one period's run. */
  readonly tasks: readonly TaskDefinition<{ period: string }>[];

  constructor(
    private readonly platform: Platform,
    definitions: JobDefinition[],
  ) {
    for (const def of definitions) {
      if (!cron.validate(def.schedule)) throw new Error(`Job ${def.hook}: invalid cron expression "${def.schedule}"`);
    }
    const hooks = definitions.map((d) => d.hook);
    const dup = hooks.find((h, i) => hooks.indexOf(h) !== i);
    if (dup) throw new Error(`Job hook ${dup} is declared twice`);
    this.definitions = definitions;
    this.tasks = definitions.map((def) =>
      defineTask<{ period: string }>({
        name: def.hook,
        maxAttempts: def.maxAttempts ?? 3,
        run: (_p, { period }, job) => this.#attempt(def, period, job),
      }),
    );
  }

  get(hook: string): JobDefinition | undefined {
    return this.definitions.find((d) => d.hook === hook);
  }

  start(): void {
    for (const def of this.definitions) {
      const task = cron.schedule(def.schedule, (ctx) => this.enqueue(def.hook, periodOf(ctx.date)).then(() => {}), {
        name: def.hook,
        noOverlap: true,
      });
      task.unref?.();
      this.#clock.push(task);
    }
    this.platform.logger.info({ jobs: this.definitions.map((d) => d.hook) }, 'job schedules started');
  }

  async stop(): Promise<void> {
    await Promise.all(this.#clock.map(async (t) => t.destroy())); // destroy() answers void or a promise
    this.#clock = [];
  }

  /** Claims (hook, period) and adds its job; false when another instance (or an earlier fire) already did. */
  async enqueue(hook: string, period: string): Promise<boolean> {
    const index = this.definitions.findIndex((d) => d.hook === hook);
    if (index < 0) throw notFound('job_not_found', `No job has the hook ${hook}.`);
    const now = this.platform.clock.now();
    return transaction(this.platform, async (tx, after) => {
      const claimed = await tx.jobRun.createMany({
        data: [{ hook, period, status: 'queued', startedAt: now }],
        skipDuplicates: true,
      });
      if (claimed.count) after.enqueue(this.tasks[index]!, { period }, { jobKey: `${hook}@${period}` });
      return claimed.count > 0;
    });
  }

  /** Runs a job now in this process, as its own manual period, and answers how it ended (no retries). */
  async runNow(hook: string): Promise<JobOutcome> {
    const def = this.get(hook);
    if (!def) throw notFound('job_not_found', `No job has the hook ${hook}.`);
    const period = `manual:${this.platform.clock.now().toISOString()}`;
    try {
      await this.platform.prisma.jobRun.create({
        data: { hook, period, status: 'queued', startedAt: this.platform.clock.now() },
      });
    } catch (err) {
      if (isUniqueViolation(err)) return { status: 'skipped' };
      throw err;
    }
    try {
      await this.#attempt(def, period, null);
      return { status: 'succeeded' };
    } catch (err) {
      return { status: 'failed', error: errorText(err) };
    }
  }

  /** One attempt of one period's run, recorded in job_runs; a failure is thrown back for the engine to retry. */
  async #attempt(def: JobDefinition, period: string, job: JobInfo | null): Promise<void> {
    const { prisma, clock, logger } = this.platform;
    const where = { hook_period: { hook: def.hook, period } };
    await prisma.jobRun.update({
      where,
      data: { status: 'running', startedAt: clock.now(), finishedAt: null, error: null },
    });
    try {
      await def.run(this.platform, { period });
      await prisma.jobRun.update({ where, data: { status: 'succeeded', finishedAt: clock.now() } });
    } catch (err) {
      const last = !job || job.attempt >= job.maxAttempts;
      logger.error(
        { err, hook: def.hook, period, attempt: job?.attempt },
        last ? 'job failed' : 'job attempt failed; it will be retried',
      );
      await prisma.jobRun.update({
        where,
        data: { status: last ? 'failed' : 'retrying', finishedAt: clock.now(), error: errorText(err) },
      });
      throw err;
    }
  }

  async status(): Promise<JobStatus[]> {
    const last = await this.platform.prisma.jobRun.findMany({
      where: { hook: { in: this.definitions.map((d) => d.hook) } },
      orderBy: { startedAt: 'desc' },
      distinct: ['hook'],
    });
    return this.definitions.map((def) => {
      const probe = cron.createTask(def.schedule, () => {});
      const nextRun = probe.getNextRuns(1)[0] ?? null;
      void probe.destroy();
      const run = last.find((r) => r.hook === def.hook);
      return {
        hook: def.hook,
        group: def.group ?? null,
        schedule: def.schedule,
        description: def.description,
        nextRun,
        lastRun: run
          ? {
              period: run.period,
              status: run.status,
              startedAt: run.startedAt,
              finishedAt: run.finishedAt,
              error: run.error,
            }
          : null,
      };
    });
  }
}
