// The insight part: reports, member health, lifecycle stages and the daily analytics snapshot.
import './lifecycle-events.ts';
import type { MemberPart } from '../part.ts';
import { reportsCli } from './cli.ts';
import { memberHealthSchema } from './graphql/member-health.ts';
import { reportsSchema } from './graphql/reports.ts';
import { insightJobs } from './jobs.ts';

export const insight: MemberPart = {
  name: 'insight',
  schema(builder) {
    reportsSchema(builder);
    memberHealthSchema(builder);
  },
  cli: reportsCli,
  jobs: insightJobs,
};
