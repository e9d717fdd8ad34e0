// The host platform as a module: its GraphQL fields, housekeeping job and operator commands.
import type { Module } from '../../platform/module.ts';
import { pruneSessions } from '../../platform/auth/sessions.ts';
import { pruneRateCounters } from '../../platform/rate-limit.ts';
import { coreCli } from './cli.ts';
import { authorizeApplication } from '../../http/authorize-application.ts';
import { contentSchema } from './graphql/content.ts';
import { credentialsSchema } from './graphql/credentials.ts';
import { jobsSchema } from './graphql/jobs.ts';
import { relayOutbox } from '../../platform/outbox.ts';
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
      hook: 'platform/outbox/relay',
      schedule: '* * * * *',
      description: 'Delivers events a crash kept from delivery after their commit (the transactional outbox).',
      run: async (platform) => ({ delivered: await relayOutbox(platform) }),
    },
  ],
  cli: coreCli,
  http: authorizeApplication,
};
