// Membership (member/v1): plans, memberships and their moves, members, access rules with drip, and the one access
// service the learning, community and insight parts ask. Those parts add their files beside these and one line each
// to schema() and setup() below.
import './core/membership-events.ts';
import './learning/learning-events.ts';
import './community/community-events.ts';
import './insight/lifecycle-events.ts';
import type { Module } from '../module.ts';
import { memberConfig } from './core/config.ts';
import { memberCapabilities } from './core/capabilities.ts';
import { checks } from './core/checks.ts';
import { memberCli } from './core/cli.ts';
import { importerCli } from './importer/cli.ts';
import { accessSchema } from './core/graphql/access.ts';
import { importerSchema } from './importer/graphql/importer.ts';
import { membersSchema } from './core/graphql/members.ts';
import { membershipsSchema } from './core/graphql/memberships.ts';
import { plansSchema } from './core/graphql/plans.ts';
import { jobs } from './core/jobs.ts';
import { coursesCli } from './learning/cli.ts';
import { outlineSchema } from './learning/graphql/outline.ts';
import { progressSchema } from './learning/graphql/progress.ts';
import { quizzesSchema } from './learning/graphql/quizzes.ts';
import { certificatePage } from './learning/page.ts';
import { wireLearning } from './learning/wiring.ts';
import { dmsSchema } from './community/graphql/dms.ts';
import { moderationSchema } from './community/graphql/moderation.ts';
import { peopleSchema } from './community/graphql/people.ts';
import { postsSchema } from './community/graphql/posts.ts';
import { badgeListeners } from './community/badges.ts';
import { startCommunity, wireCommunity } from './community/wiring.ts';
import { memberErrors } from './core/errors.ts';
import { reportsCli } from './insight/cli.ts';
import { reportsSchema } from './insight/graphql/reports.ts';
import { insightJobs } from './insight/jobs.ts';
import { wireInsight } from './insight/wiring.ts';

export const member: Module = {
  name: 'member',
  config: memberConfig,
  errors: memberErrors.table,
  schema(builder) {
    plansSchema(builder);
    membershipsSchema(builder);
    membersSchema(builder);
    accessSchema(builder);
    outlineSchema(builder);
    quizzesSchema(builder);
    progressSchema(builder);
    postsSchema(builder);
    dmsSchema(builder);
    peopleSchema(builder);
    moderationSchema(builder);
    reportsSchema(builder);
    importerSchema(builder);
  },
  capabilities: memberCapabilities,
  jobs: [...jobs, ...insightJobs],
  listeners: badgeListeners,
  checks,
  cli(program, cli) {
    memberCli(program, cli);
    coursesCli(program, cli);
    reportsCli(program, cli);
    importerCli(program, cli);
  },
  http(router, platform) {
    certificatePage(router, platform);
  },
  setup(platform) {
    wireLearning(platform);
    wireCommunity(platform);
    wireInsight(platform);
  },
  start: (platform) => startCommunity(platform),
};
