// GraphQL: scheduled jobs and the job queue (queued, running, retrying, failed work; retry), for operators.
import { z } from 'zod';
import { schemaPart } from '../../../graphql/builder.ts';
import { objectPage, offsetPage } from '../../../graphql/pagination.ts';
import { requiresAdmin } from '../../../graphql/access.ts';
import { enumType, zodArgs } from '../../../graphql/zod-args.ts';
import { enumOf, pageArgs } from '../../../input/vocabulary.ts';
import type { JobOutcome, JobStatus } from '../../../platform/jobs.ts';
import {
  countQueueJobs,
  failedJobs,
  listQueueJobs,
  QUEUE_JOB_STATES,
  retryJob,
  type QueueJob,
} from '../../../platform/queue-admin.ts';

const QueueJobState = enumOf(
  'QueueJobState',
  QUEUE_JOB_STATES,
  'queued (never tried yet), running (a worker holds it), retrying (an attempt failed; tries again at runAt), failed (kept after its last attempt).',
  {
    queued: 'Waiting for a worker; never tried yet.',
    running: 'A worker holds it now.',
    retrying: 'An attempt failed; it is tried again at runAt.',
    failed: 'Its last attempt failed; kept until retried (retryJob) or removed.',
  },
);

const JobRunStatus = enumOf(
  'JobRunStatus',
  ['queued', 'running', 'retrying', 'succeeded', 'failed'],
  'Where one run of a scheduled job stands (each period runs once across all instances).',
  {
    queued: 'Claimed for its period and handed to the job engine; no worker has started it yet.',
    running: 'A worker is running it now.',
    retrying: 'An attempt failed; the engine runs it again after its backoff.',
    succeeded: 'It ran to the end.',
    failed: 'Its last attempt failed; error says why.',
  },
);

const JobOutcomeStatus = enumOf(
  'JobOutcomeStatus',
  ['succeeded', 'failed', 'skipped'],
  'How a run started with runJob ended.',
  {
    succeeded: 'It ran to the end.',
    failed: 'It failed; error says why.',
    skipped: 'The same period was already claimed (by another instance or an earlier call): it did not run again.',
  },
);

export const jobsSchema = schemaPart((builder) => {
  const JobRunRef = builder.objectRef<NonNullable<JobStatus['lastRun']>>('JobRun').implement({
    description: 'One run of a job (each period runs once across all instances).',
    fields: (t) => ({
      period: t.exposeString('period', {
        description:
          'The scheduled minute it ran for, in UTC (YYYY-MM-DDTHH:MM), or manual:<ISO time> for a run started by hand.',
      }),
      status: t.expose('status', { type: enumType(builder, JobRunStatus), description: 'Where the run stands.' }),
      startedAt: t.expose('startedAt', { type: 'DateTime', description: 'When the run started (UTC).' }),
      finishedAt: t.expose('finishedAt', {
        type: 'DateTime',
        nullable: true,
        description: 'When it ended (UTC); null while running.',
      }),
      error: t.exposeString('error', {
        nullable: true,
        description: 'Why it failed (at most 2,000 characters); null unless failed.',
      }),
    }),
  });

  const Job = builder.objectRef<JobStatus>('Job').implement({
    description: 'A scheduled job registered by the core or a module.',
    fields: (t) => ({
      hook: t.exposeString('hook', { description: 'Unique name of the job, e.g. intel/scan/daily; runJob takes it.' }),
      group: t.exposeString('group', {
        nullable: true,
        description: 'The group the job belongs to (e.g. membership).',
      }),
      schedule: t.exposeString('schedule', {
        description: "Cron expression (e.g. 29 4 * * *), in the server's time zone.",
      }),
      description: t.exposeString('description', { description: 'What the job does.' }),
      nextRun: t.expose('nextRun', {
        type: 'DateTime',
        nullable: true,
        description:
          'Next time the schedule fires (UTC), whether or not jobs are enabled on this instance; null if none.',
      }),
      lastRun: t.expose('lastRun', {
        type: JobRunRef,
        nullable: true,
        description: 'The most recently started run; null if it never ran.',
      }),
    }),
  });

  const JobOutcomeRef = builder.objectRef<JobOutcome>('JobOutcome').implement({
    description: 'How a run started with runJob ended.',
    fields: (t) => ({
      status: t.expose('status', { type: enumType(builder, JobOutcomeStatus), description: 'How it ended.' }),
      error: t.string({
        nullable: true,
        description: 'The error message when it failed; null otherwise.',
        resolve: (o) => ('error' in o ? (o.error ?? null) : null),
      }),
    }),
  });

  const QueueJobRef = builder.objectRef<QueueJob>('QueueJob').implement({
    description: "A job in the job engine: a durable listener's delivery, a scheduled period's run, a campaign batch…",
    fields: (t) => ({
      id: t.exposeString('id', { description: 'The job id (retryJob takes it).' }),
      task: t.exposeString('task', { description: 'The task it runs, e.g. mailer/on/subscription-requested.' }),
      state: t.expose('state', { type: enumType(builder, QueueJobState), description: 'Where it stands.' }),
      attempts: t.exposeInt('attempts', { description: 'Attempts made so far.' }),
      maxAttempts: t.exposeInt('maxAttempts', { description: 'Attempts allowed before it is kept as failed.' }),
      runAt: t.expose('runAt', {
        type: 'DateTime',
        description: 'When it runs (next): retries wait exp(attempts) seconds.',
      }),
      lastError: t.exposeString('lastError', {
        nullable: true,
        description: 'The error of its latest failed attempt.',
      }),
      key: t.exposeString('key', {
        nullable: true,
        description: 'Its job_key, when it has one (a scheduled run: hook@period).',
      }),
      payload: t.expose('payload', { type: 'JSON', description: 'What the task receives.' }),
      updatedAt: t.expose('updatedAt', {
        type: 'DateTime',
        description: 'Last change (for a failed job: when it failed).',
      }),
    }),
  });

  const QueueJobPage = objectPage(builder, 'QueueJob', QueueJobRef);

  builder.queryField('queueJobs', (t) =>
    t.field({
      type: QueueJobPage,
      description: 'Jobs in the engine now (queued, running, retrying, failed), oldest due first.',
      ...requiresAdmin(),
      args: zodArgs(t, { state: QueueJobState.optional().describe('Only jobs in this state.'), ...pageArgs }),
      resolve: (_r, { state, ...page }, ctx) =>
        offsetPage(page, {
          count: () => countQueueJobs(ctx.platform, state),
          findMany: ({ skip, take }) => listQueueJobs(ctx.platform, { state, limit: take, offset: skip }),
        }),
    }),
  );

  builder.queryField('failedJobs', (t) =>
    t.field({
      type: QueueJobPage,
      description: 'Jobs kept as failed after their last attempt, with their errors, oldest due first.',
      ...requiresAdmin(),
      args: zodArgs(t, pageArgs),
      resolve: (_r, page, ctx) =>
        offsetPage(page, {
          count: () => countQueueJobs(ctx.platform, 'failed'),
          findMany: ({ skip, take }) => failedJobs(ctx.platform, take, skip),
        }),
    }),
  );

  builder.mutationField('retryJob', (t) =>
    t.field({
      type: QueueJobRef,
      description:
        'Runs a job again now; a failed one gets its attempts back (404 job_not_found, 409 job_conflict while it runs).',
      ...requiresAdmin(),
      args: zodArgs(t, {
        id: z
          .string()
          .regex(/^[1-9][0-9]{0,17}$/, 'A job id is a positive integer.')
          .describe('The job id (QueueJob.id).'),
      }),
      resolve: (_r, { id }, ctx) => retryJob(ctx.platform, id),
    }),
  );

  builder.queryField('jobs', (t) =>
    t.field({
      type: [Job],
      description: 'Every registered job with its schedule and last run.',
      ...requiresAdmin(),
      resolve: (_r, _a, ctx) => ctx.platform.jobs.status(),
    }),
  );

  builder.mutationField('runJob', (t) =>
    t.field({
      type: JobOutcomeRef,
      description:
        'Runs a job now, as its own manual period, and waits for it (404 job_not_found for an unknown hook).',
      ...requiresAdmin(),
      args: zodArgs(t, { hook: z.string().max(200).describe('The job hook (Job.hook).') }),
      resolve: (_r, { hook }, ctx) => ctx.platform.jobs.runNow(hook),
    }),
  );
});
