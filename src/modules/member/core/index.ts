// The membership core: plans, memberships and their moves, members, access rules with drip, and the one access
// service the learning, community and insight parts ask.
import './membership-events.ts';
import type { MemberPart } from '../part.ts';
import { checks } from './checks.ts';
import { memberCli } from './cli.ts';
import { accessSchema } from './graphql/access.ts';
import { membersSchema } from './graphql/members.ts';
import { membershipsSchema } from './graphql/memberships.ts';
import { plansSchema } from './graphql/plans.ts';
import { jobs } from './jobs.ts';

export const core: MemberPart = {
  name: 'core',
  schema(builder) {
    plansSchema(builder);
    membershipsSchema(builder);
    membersSchema(builder);
    accessSchema(builder);
  },
  cli: memberCli,
  jobs,
  checks,
};
