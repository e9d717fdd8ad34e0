// The host platform as a module: its GraphQL fields, housekeeping job and operator commands.
import './schema/users.ts';
import './schema/credentials.ts';
import './schema/content.ts';
import './schema/jobs.ts';
import type { Module } from './module.ts';
import { pruneSessions } from './auth/sessions.ts';
import { pruneRateCounters } from './rate-limit.ts';
import { coreCli } from './cli.ts';

export const core: Module = {
  name: 'core',
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
  ],
  cli: coreCli,
};
