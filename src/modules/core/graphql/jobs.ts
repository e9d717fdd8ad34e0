// GraphQL: scheduled jobs, for operators in the admin app.
import { schemaPart } from '../../../graphql/builder.ts';
import { z } from 'zod';
import { requiresAdmin } from '../../../graphql/access.ts';
import { zodArgs } from '../../../graphql/zod-args.ts';
import type { JobOutcome, JobStatus } from '../../../platform/jobs.ts';

export const jobsSchema = schemaPart((builder) => {
  const JobRunRef = builder.objectRef<NonNullable<JobStatus['lastRun']>>('JobRun').implement({
    description: 'One run of a job (each period runs once across all instances).',
    fields: (t) => ({
      period: t.exposeString('period', {
        description: 'The scheduled minute it ran for, in UTC (YYYY-MM-DDTHH:MM), or manual:<ISO time> for a run started by hand.',
      }),
      status: t.exposeString('status', { description: 'running, succeeded or failed.' }),
      startedAt: t.expose('startedAt', { type: 'DateTime', description: 'When the run started (UTC).' }),
      finishedAt: t.expose('finishedAt', { type: 'DateTime', nullable: true, description: 'When it ended (UTC); null while running.' }),
      error: t.exposeString('error', { nullable: true, description: 'Why it failed (at most 2,000 characters); null unless failed.' }),
    }),
  });

  const Job = builder.objectRef<JobStatus>('Job').implement({
    description: 'A scheduled job registered by the core or a module.',
    fields: (t) => ({
      hook: t.exposeString('hook', { description: 'Unique name of the job, e.g. intel/scan/daily; runJob takes it.' }),
      group: t.exposeString('group', { nullable: true, description: 'The group the job belongs to (e.g. membership).' }),
      schedule: t.exposeString('schedule', { description: "Cron expression (e.g. 29 4 * * *), in the server's time zone." }),
      description: t.exposeString('description', { description: 'What the job does.' }),
      nextRun: t.expose('nextRun', {
        type: 'DateTime',
        nullable: true,
        description: 'Next time the schedule fires (UTC), whether or not jobs are enabled on this instance; null if none.',
      }),
      lastRun: t.expose('lastRun', { type: JobRunRef, nullable: true, description: 'The most recently started run; null if it never ran.' }),
    }),
  });

  const JobOutcomeRef = builder.objectRef<JobOutcome>('JobOutcome').implement({
    description: 'How a run started with runJob ended.',
    fields: (t) => ({
      status: t.exposeString('status', { description: 'succeeded, failed, or skipped (the same period was already claimed).' }),
      error: t.string({
        nullable: true,
        description: 'The error message when it failed; null otherwise.',
        resolve: (o) => ('error' in o ? (o.error ?? null) : null),
      }),
    }),
  });

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
      description: 'Runs a job now, as its own manual period, and waits for it (404 job_not_found for an unknown hook).',
      ...requiresAdmin(),
      args: zodArgs(t, { hook: z.string().max(200).describe('The job hook (Job.hook).') }),
      resolve: (_r, { hook }, ctx) => ctx.platform.jobs.runNow(hook),
    }),
  );
});
