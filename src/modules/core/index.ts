// The host platform as a module: its GraphQL fields, housekeeping job and operator commands.
import type { Module } from '../module.ts';
import { pruneSessions } from '../../platform/auth/sessions.ts';
import { pruneRateCounters } from '../../platform/rate-limit.ts';
import { coreCli } from './cli.ts';
import { jobsCli } from './jobs-cli.ts';
import { authorizeApplication } from './authorize-application.ts';
import { contentSchema } from './graphql/content.ts';
import { credentialsSchema } from './graphql/credentials.ts';
import { jobsSchema } from './graphql/jobs.ts';
import { usersSchema } from './graphql/users.ts';
import { viewerSchema } from './graphql/viewer.ts';

export const core: Module = {
  name: 'core',
  schema(builder) {
    usersSchema(builder);
    viewerSchema(builder);
    credentialsSchema(builder);
    contentSchema(builder);
    jobsSchema(builder);
  },
  jobs: [
    {
      hook: 'platform/cleanup',
      schedule: '17 3 * * *',
      description: 'Prunes expired sessions, finished rate-limit windows and job runs older than 30 days.',
      async run(platform) {
        await pruneSessions(platform);
        await pruneRateCounters(platform);
        const cutoff = new Date(platform.clock.now().getTime() - 30 * 86400_000);
        await platform.prisma.jobRun.deleteMany({ where: { startedAt: { lt: cutoff } } });
      },
    },
    {
      hook: 'platform/jobs/recover',
      schedule: '* * * * *',
      description:
        'Gives the jobs of an instance that died (its worker pool has no database connection left) back to the queue.',
      run: async (platform) => ({ pools: await platform.queue.recover() }),
    },
  ],
  cli(program, cli) {
    coreCli(program, cli);
    jobsCli(program, cli);
  },
  http: authorizeApplication,
};
