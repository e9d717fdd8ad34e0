// Scheduled jobs on node-cron. Each run is claimed by inserting (hook, period): with several instances the insert
// succeeds once, so each period runs once. JOBS_ENABLED=false stops the schedules; `runNow` still works (CLI).
import cron, { type ScheduledTask } from 'node-cron';
import { Prisma } from '../generated/prisma/client.ts';
import type { Platform } from './platform.ts';
import { notFound } from './errors.ts';
import { metricsFor } from './metrics.ts';

export interface JobDefinition {
  hook: string;
  /** The group the job belongs to (e.g. membership), shown with its status. */
  group?: string;
  /** node-cron expression: 5 fields (minute precision) or 6 (with seconds). */
  schedule: string;
  description: string;
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

export class Jobs {
  #tasks: ScheduledTask[] = [];
  readonly definitions: readonly JobDefinition[];

  constructor(private readonly platform: Platform, definitions: JobDefinition[]) {
    for (const def of definitions) {
      if (!cron.validate(def.schedule)) throw new Error(`Job ${def.hook}: invalid cron expression "${def.schedule}"`);
    }
    const hooks = definitions.map((d) => d.hook);
    const dup = hooks.find((h, i) => hooks.indexOf(h) !== i);
    if (dup) throw new Error(`Job hook ${dup} is declared twice`);
    this.definitions = definitions;
  }

  get(hook: string): JobDefinition | undefined {
    return this.definitions.find((d) => d.hook === hook);
  }

  start(): void {
    for (const def of this.definitions) {
      const task = cron.schedule(def.schedule, (ctx) => this.execute(def, periodOf(ctx.date)), {
        name: def.hook,
        noOverlap: true,
      });
      task.unref?.();
      this.#tasks.push(task);
    }
    this.platform.logger.info({ jobs: this.definitions.map((d) => d.hook) }, 'job schedules started');
  }

  async stop(): Promise<void> {
    await Promise.all(this.#tasks.map((t) => t.destroy()));
    this.#tasks = [];
  }

  /** Runs a job now (CLI `jobs run`), as its own manual period. */
  runNow(hook: string): Promise<JobOutcome> {
    const def = this.get(hook);
    if (!def) throw notFound('job_not_found', `No job has the hook ${hook}.`);
    return this.execute(def, `manual:${this.platform.clock.now().toISOString()}`);
  }

  /** Claims (hook, period) and runs the job if the claim is ours. */
  async execute(def: JobDefinition, period: string): Promise<JobOutcome> {
    const { prisma, clock, logger } = this.platform;
    let runId: number;
    try {
      runId = (await prisma.jobRun.create({ data: { hook: def.hook, period, status: 'running', startedAt: clock.now() } })).id;
    } catch (err) {
      if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') return { status: 'skipped' };
      throw err;
    }
    try {
      await def.run(this.platform, { period });
      await prisma.jobRun.update({ where: { id: runId }, data: { status: 'succeeded', finishedAt: clock.now() } });
      metricsFor(this.platform).jobRuns.inc({ hook: def.hook, status: 'succeeded' });
      return { status: 'succeeded' };
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      logger.error({ err, hook: def.hook, period }, 'job failed');
      await prisma.jobRun.update({
        where: { id: runId },
        data: { status: 'failed', finishedAt: clock.now(), error: error.slice(0, 2000) },
      });
      metricsFor(this.platform).jobRuns.inc({ hook: def.hook, status: 'failed' });
      return { status: 'failed', error };
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
          ? { period: run.period, status: run.status, startedAt: run.startedAt, finishedAt: run.finishedAt, error: run.error }
          : null,
      };
    });
  }
}
