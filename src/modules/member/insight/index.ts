// The insight part: reports, member health, lifecycle stages and the daily analytics snapshot.
import './lifecycle-events.ts';
import type { MemberPart } from '../part.ts';
import { reportsCli } from './cli.ts';
import { reportsSchema } from './graphql/reports.ts';
import { insightJobs } from './jobs.ts';
import { wireInsight } from './wiring.ts';

export const insight: MemberPart = {
  name: 'insight',
  schema: reportsSchema,
  cli: reportsCli,
  jobs: insightJobs,
  setup: wireInsight,
};
