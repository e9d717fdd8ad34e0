// What an operator sees of the job engine and does with it (CLI `jobs list|failed|retry`, the administrator's GraphQL
// fields, site health): the jobs waiting, running, waiting for a retry and kept as failed, read from graphile-worker's
// tables, and a retry that gives a failed job a fresh set of attempts (graphile_worker.reschedule_jobs).
import { Prisma } from '../generated/prisma/client.ts';
import { conflict, invalid, notFound } from './errors.ts';
import type { Platform } from './platform.ts';

export const QUEUE_JOB_STATES = ['queued', 'running', 'retrying', 'failed'] as const;
export type QueueJobState = (typeof QUEUE_JOB_STATES)[number];

export interface QueueJob {
  id: string;
  task: string;
  /** queued (never tried), running (a worker holds it), retrying (failed, tries again at runAt), failed (no attempt left). */
  state: QueueJobState;
  attempts: number;
  maxAttempts: number;
  runAt: Date;
  lockedAt: Date | null;
  lastError: string | null;
  key: string | null;
  payload: unknown;
  createdAt: Date;
  updatedAt: Date;
}

type Row = Omit<QueueJob, 'maxAttempts' | 'runAt' | 'lockedAt' | 'lastError' | 'createdAt' | 'updatedAt'> & {
  max_attempts: number;
  run_at: Date;
  locked_at: Date | null;
  last_error: string | null;
  created_at: Date;
  updated_at: Date;
};

const toJob = (r: Row): QueueJob => ({
  id: r.id,
  task: r.task,
  state: r.state,
  attempts: r.attempts,
  maxAttempts: r.max_attempts,
  runAt: r.run_at,
  lockedAt: r.locked_at,
  lastError: r.last_error,
  key: r.key,
  payload: r.payload,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

interface Filter {
  state?: QueueJobState | null;
  id?: string;
  limit?: number;
  /** Jobs skipped before the first answered (a page's start). */
  offset?: number;
}

// The jobs with their state (a job's state is derived from its columns, so a filter on it wraps the read).
const jobs = (filter: Filter) => Prisma.sql`
    SELECT * FROM (
      SELECT j.id::text AS id, t.identifier AS task, j.attempts, j.max_attempts, j.run_at, j.locked_at, j.last_error, j.key, j.payload,
             j.created_at, j.updated_at,
             CASE WHEN j.locked_at IS NOT NULL THEN 'running' WHEN j.attempts >= j.max_attempts THEN 'failed'
                  WHEN j.attempts > 0 THEN 'retrying' ELSE 'queued' END AS state
      FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
      WHERE (${filter.id ?? null}::bigint IS NULL OR j.id = ${filter.id ?? null}::bigint)
    ) jobs
    WHERE ${filter.state ?? null}::text IS NULL OR state = ${filter.state ?? null}`;

async function select(platform: Platform, filter: Filter): Promise<QueueJob[]> {
  const rows = await platform.prisma.$queryRaw<Row[]>`
    ${jobs(filter)} ORDER BY run_at, id LIMIT ${filter.limit ?? 100} OFFSET ${filter.offset ?? 0}`;
  return rows.map(toJob);
}

/** How many jobs are in the engine now (optionally in one state only). */
export async function countQueueJobs(platform: Platform, state?: QueueJobState | null): Promise<number> {
  const [row] = await platform.prisma.$queryRaw<{ count: number }[]>`
    SELECT count(*)::int AS count FROM (${jobs({ state })}) counted`;
  return row!.count;
}

/** Jobs in the engine now, oldest due first (optionally one state only). */
export const listQueueJobs = (
  platform: Platform,
  options: { state?: QueueJobState | null; limit?: number; offset?: number } = {},
) => select(platform, options);

/** Jobs kept as failed after their last attempt, with their errors. */
export const failedJobs = (platform: Platform, limit = 100, offset = 0) =>
  select(platform, { state: 'failed', limit, offset });

/** How many jobs are kept as failed, by task (site health). */
export async function failedJobCounts(platform: Platform): Promise<{ task: string; count: number }[]> {
  return platform.prisma.$queryRaw`
    SELECT t.identifier AS task, count(*)::int AS count
    FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
    WHERE j.locked_at IS NULL AND j.attempts >= j.max_attempts GROUP BY t.identifier ORDER BY t.identifier`;
}

/** Runs a waiting, retrying or failed job again now, with its full number of attempts; 409 while it runs. */
export async function retryJob(platform: Platform, id: string): Promise<QueueJob> {
  if (!/^[1-9]\d{0,17}$/.test(id)) throw invalid('id', 'A job id is a positive integer.');
  const [job] = await select(platform, { id });
  if (!job) throw notFound('job_not_found', `No job has the id ${id}.`);
  if (job.state === 'running') throw conflict('job_conflict', `Job ${id} is running; it cannot be retried now.`);
  const moved = await platform.prisma.$queryRaw<{ run_at: Date }[]>`
    SELECT run_at FROM graphile_worker.reschedule_jobs(ARRAY[${id}::bigint], run_at => now(), attempts => 0)`;
  if (!moved.length) throw conflict('job_conflict', `Job ${id} is running; it cannot be retried now.`);
  await platform.prisma.$executeRaw`SELECT pg_notify('jobs:insert', '{"count":1}')`; // wake a worker now
  platform.logger.info({ job: id, task: job.task }, 'job retried by an operator');
  return { ...job, state: 'queued', attempts: 0, runAt: moved[0]!.run_at, lockedAt: null };
}
