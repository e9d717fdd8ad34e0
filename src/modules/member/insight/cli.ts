// `atrium reports mrr` and `atrium reports cohort --since=<months>`: the membership reports for operators.
import type { Command } from 'commander';
import type { CliContext } from '../../../cli/context.ts';
import { cohortReport, mrrReport } from './reports.ts';
import { intOption } from '../../../cli/options.ts';

export function reportsCli(program: Command, cli: CliContext): void {
  const reports = program.command('reports').description('Membership reports');
  reports
    .command('mrr')
    .description('Monthly recurring revenue now, per plan (amounts in minor units of MEMBER_CURRENCY)')
    .action(async () => {
      const platform = await cli.platform();
      const r = await mrrReport(platform);
      const rows = [
        ...r.byPlan.map((p) => ({ plan_id: p.planId, members: p.members, mrr: p.mrr, currency: r.currency })),
        { plan_id: 'total', members: r.activeMembers, mrr: r.mrr, currency: r.currency },
        ...r.otherCurrencies.map((o) => ({
          plan_id: 'other currency',
          members: null,
          mrr: o.mrr,
          currency: o.currency,
        })),
      ];
      cli.print(rows, ['plan_id', 'members', 'mrr', 'currency']);
    });
  reports
    .command('cohort')
    .description('Retention of monthly cohorts: members still holding a membership at the end of each month since')
    .addOption(intOption('--since <months>', 'how many months of cohorts', 1, 60, 12))
    .action(async ({ since }: { since: number }) => {
      const platform = await cli.platform();
      const { cohorts } = await cohortReport(platform, since);
      const width = Math.max(0, ...cohorts.map((c) => c.retained.length));
      const months = Array.from({ length: width }, (_, k) => `m${k}`);
      cli.print(
        cohorts.map((c) => ({
          cohort: c.cohort,
          size: c.size,
          ...Object.fromEntries(c.retained.map((n, k) => [`m${k}`, n])),
        })),
        ['cohort', 'size', ...months],
      );
    });
}
