// `atrium jobs …`: the schedules and the job engine's work (queued, running, retrying, failed), a failed job run
// again, a schedule run now.
import type { Command } from 'commander';
import { intOption, oneOf } from '../../cli/options.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { CliContext } from '../../cli/context.ts';
import { failedJobs, listQueueJobs, QUEUE_JOB_STATES, retryJob, type QueueJob } from '../../platform/queue-admin.ts';

const COLUMNS = ['name', 'kind', 'state', 'id', 'attempts', 'schedule', 'next_run', 'last_period', 'error'];
const jobRow = (j: QueueJob) => ({
  name: j.task,
  kind: 'job',
  state: j.state,
  id: j.id,
  attempts: `${j.attempts}/${j.maxAttempts}`,
  schedule: null,
  next_run: j.state === 'running' || j.state === 'failed' ? null : j.runAt,
  last_period: null,
  error: j.lastError,
});

export function jobsCli(program: Command, cli: CliContext): void {
  const jobs = program.command('jobs').description('Scheduled jobs and the job queue');
  jobs
    .command('list')
    .description('The schedules (state: their last run), then the jobs queued, running, retrying and failed')
    .addOption(oneOf('--state <state>', 'only jobs in this state (no schedules)', QUEUE_JOB_STATES))
    .addOption(intOption('--limit <n>', 'jobs shown at most', 1, 10_000, 100))
    .action(async (o: { state?: QueueJob['state']; limit: number }) => {
      const platform = await cli.platform();
      const schedules = o.state
        ? []
        : (await platform.jobs.status()).map((s) => ({
            name: s.hook,
            kind: 'schedule',
            state: s.lastRun?.status ?? 'never run',
            id: null,
            attempts: null,
            schedule: s.schedule,
            next_run: s.nextRun,
            last_period: s.lastRun?.period ?? null,
            error: s.lastRun?.error ?? null,
          }));
      const queued = await listQueueJobs(platform, { state: o.state, limit: o.limit });
      cli.print([...schedules, ...queued.map(jobRow)], COLUMNS);
    });
  jobs
    .command('failed')
    .description('Jobs kept as failed after their last attempt, with their errors and payloads')
    .addOption(intOption('--limit <n>', 'jobs shown at most', 1, 10_000, 100))
    .action(async (o: { limit: number }) => {
      const rows = await failedJobs(await cli.platform(), o.limit);
      cli.print(
        rows.map((j) => ({
          id: j.id,
          task: j.task,
          attempts: j.attempts,
          failed_at: j.updatedAt,
          error: j.lastError,
          key: j.key,
          payload: j.payload,
        })),
        ['id', 'task', 'attempts', 'failed_at', 'error', 'key', 'payload'],
      );
    });
  jobs
    .command('retry')
    .description('Runs a job again now (a failed one gets its attempts back)')
    .argument('<id>', 'job id (see: atrium jobs failed)')
    .action(async (id: string) => {
      const job = await retryJob(await cli.platform(), id);
      cli.changed(`job ${job.id} (${job.task}) queued again`, jobRow(job), COLUMNS);
    });
  jobs
    .command('run')
    .description('Runs a scheduled job here and now, as its own manual period')
    .argument('<hook>', "the schedule's hook (see: atrium jobs list)")
    .action(async (hook: string) => {
      const platform = await cli.platform();
      if (!platform.jobs.get(hook))
        throw notFound('job_not_found', `No job has the hook ${hook}. See: atrium jobs list`);
      const outcome = await platform.jobs.runNow(hook);
      if (outcome.status === 'failed') throw new AppError('job_failed', `${hook} failed: ${outcome.error}`);
      cli.changed(`${hook} ${outcome.status}`, { name: hook, ...outcome });
    });
}
