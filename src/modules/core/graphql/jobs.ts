// GraphQL: scheduled jobs, for operators in the admin app.
import { schemaPart } from '../../../graphql/builder.ts';
import { requiresCapability } from '../../../graphql/access.ts';
import { notFound } from '../../../platform/errors.ts';
import type { JobOutcome, JobStatus } from '../../../platform/jobs.ts';

export const jobsSchema = schemaPart((builder) => {
  const JobRunRef = builder.objectRef<NonNullable<JobStatus['lastRun']>>('JobRun').implement({
    fields: (t) => ({
      period: t.exposeString('period'),
      status: t.exposeString('status'),
      startedAt: t.expose('startedAt', { type: 'DateTime' }),
      finishedAt: t.expose('finishedAt', { type: 'DateTime', nullable: true }),
      error: t.exposeString('error', { nullable: true }),
    }),
  });

  const Job = builder.objectRef<JobStatus>('Job').implement({
    fields: (t) => ({
      hook: t.exposeString('hook'),
      group: t.exposeString('group', { nullable: true, description: 'The group the job belongs to (e.g. membership).' }),
      schedule: t.exposeString('schedule'),
      description: t.exposeString('description'),
      nextRun: t.expose('nextRun', { type: 'DateTime', nullable: true }),
      lastRun: t.expose('lastRun', { type: JobRunRef, nullable: true }),
    }),
  });

  const JobOutcomeRef = builder.objectRef<JobOutcome>('JobOutcome').implement({
    fields: (t) => ({
      status: t.exposeString('status'),
      error: t.string({ nullable: true, resolve: (o) => ('error' in o ? (o.error ?? null) : null) }),
    }),
  });

  builder.queryField('jobs', (t) =>
    t.field({ type: [Job], ...requiresCapability('manage_options'), resolve: (_r, _a, ctx) => ctx.platform.jobs.status() }),
  );

  builder.mutationField('runJob', (t) =>
    t.field({
      type: JobOutcomeRef,
      ...requiresCapability('manage_options'),
      args: { hook: t.arg.string({ required: true }) },
      resolve: (_r, { hook }, ctx) => {
        if (!ctx.platform.jobs.get(hook)) throw notFound('job_not_found', `No job has the hook ${hook}.`);
        return ctx.platform.jobs.runNow(hook);
      },
    }),
  );
});
