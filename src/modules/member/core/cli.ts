// `atrium members …`: list [--plan=], grant <user> <plan>, revoke <user> <plan>. Users by id, username or e-mail;
// plans by id or slug. The CLI acts as the operator, through the same services as REST and GraphQL.
import type { Command } from 'commander';
import type { CliContext } from '../../../cli/context.ts';
import type { MemberPlan, Membership, User } from '../../../generated/prisma/client.ts';
import type { Platform } from '../../../platform/platform.ts';
import { resolveUser } from '../../../platform/users/service.ts';
import { planNotFound } from './errors.ts';
import { memberWhere } from './service/members.ts';
import { grantMembership, revokeMembership } from './service/memberships.ts';
import { grantingWhere } from './service/statuses.ts';

async function resolvePlan(platform: Platform, ref: string) {
  const plan = /^\d+$/.test(ref)
    ? await platform.prisma.memberPlan.findUnique({ where: { id: Number(ref) } })
    : await platform.prisma.memberPlan.findUnique({ where: { slug: ref } });
  if (!plan) throw planNotFound(ref);
  return plan;
}

/** A membership as grant and revoke print it (what changed: its status and period). */
const MEMBERSHIP_COLUMNS = ['id', 'user_id', 'username', 'plan', 'status', 'current_period_end', 'cancelled_at'];
const membershipRow = (m: Membership, user: User, plan: MemberPlan) => ({
  id: m.id,
  user_id: user.id,
  username: user.username,
  plan: plan.slug,
  status: m.status,
  current_period_end: m.currentPeriodEnd,
  cancelled_at: m.cancelledAt,
});

export function memberCli(program: Command, cli: CliContext): void {
  const members = program.command('members').description('Membership: members and their plans');

  members
    .command('list')
    .description('Members (users who have or had a membership), newest first')
    .option('--plan <plan>', 'only members with a membership of this plan (id or slug)')
    .action(async (o: { plan?: string }) => {
      const platform = await cli.platform();
      const now = platform.clock.now();
      const plan = o.plan ? await resolvePlan(platform, o.plan) : null;
      const users = await platform.prisma.user.findMany({
        where: memberWhere({ planId: plan?.id }, now),
        orderBy: { id: 'desc' },
        select: {
          id: true,
          username: true,
          email: true,
          memberships: { where: grantingWhere(now), select: { plan: { select: { slug: true } } } },
        },
      });
      cli.print(
        users.map((u) => ({
          id: u.id,
          username: u.username,
          email: u.email,
          status: u.memberships.length ? 'active' : 'inactive',
          plans: u.memberships.map((m) => m.plan.slug).join(','),
        })),
        ['id', 'username', 'email', 'status', 'plans'],
      );
    });

  /** `members <name> <user> <plan>`: both resolved (a clear exit 1 for an unknown one), then `run`'s membership,
   *  printed with its message. */
  const userPlanCommand = (
    name: string,
    description: string,
    run: (platform: Platform, user: User, plan: MemberPlan) => Promise<{ message: string; membership: Membership }>,
  ) =>
    members
      .command(name)
      .description(description)
      .argument('<user>', 'user id, username or e-mail')
      .argument('<plan>', 'plan id or slug')
      .action(async (userRef: string, planRef: string) => {
        const platform = await cli.platform();
        const user = await resolveUser(platform, userRef);
        const plan = await resolvePlan(platform, planRef);
        const { message, membership } = await run(platform, user, plan);
        cli.changed(message, membershipRow(membership, user, plan), MEMBERSHIP_COLUMNS);
      });

  userPlanCommand(
    'grant',
    "Gives a user an active membership of a plan (or activates the user's live one)",
    async (platform, user, plan) => {
      const m = await grantMembership(platform, { userId: user.id, planId: plan.id });
      const until = m.currentPeriodEnd ? ` until ${m.currentPeriodEnd.toISOString()}` : '';
      return { message: `${user.username} has an active membership (${m.id}) of ${plan.slug}${until}`, membership: m };
    },
  );
  userPlanCommand(
    'revoke',
    "Ends a user's membership of a plan now (cancelled, reason revoked)",
    async (platform, user, plan) => {
      const m = await revokeMembership(platform, { userId: user.id, planId: plan.id });
      return { message: `${user.username}'s membership (${m.id}) of ${plan.slug} is cancelled`, membership: m };
    },
  );
}
