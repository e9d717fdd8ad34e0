// `atrium health scan | score | checks [--status] | snapshots [--limit] | settings [--allow-public-rest on|off]`.
import { Option, type Command } from 'commander';
import type { CliContext } from '../../cli/context.ts';
import { STATUSES } from './score.ts';
import { healthScore, latestChecks, runScan, SNAPSHOT_LIMIT, snapshots } from './service.ts';
import { allowPublicRest } from './settings.ts';
import { intOption } from '../../cli/options.ts';

export function intelCli(program: Command, cli: CliContext): void {
  const cmd = program.command('health').description('Site health: run checks, read the score and its history');
  cmd
    .command('scan')
    .description('Run every check now and store the scan')
    .action(async () => {
      const s = await runScan(await cli.platform(), 'cli');
      cli.print({
        scan_id: s.scanId,
        score: s.score,
        grade: s.grade,
        critical: s.critical,
        warning: s.warning,
        duration_ms: s.duration,
        checks: s.checks,
      });
    });
  cmd
    .command('score')
    .description('Score and grade of the latest scan')
    .action(async () => {
      const s = await healthScore(await cli.platform());
      cli.print({ score: s.score, grade: s.grade, critical: s.critical, warning: s.warning, scanned: s.scannedAt });
    });
  cmd
    .command('checks')
    .description('Check results of the latest scan')
    .addOption(new Option('--status <status>', 'only this status').choices(STATUSES))
    .action(async (o: { status?: string }) => {
      const { checks } = await latestChecks(await cli.platform(), {
        status: o.status as (typeof STATUSES)[number] | undefined,
      });
      cli.print(
        checks.map((c) => ({
          id: c.checkId,
          category: c.category,
          status: c.status,
          score_impact: c.scoreImpact,
          message: c.message,
        })),
        ['id', 'category', 'status', 'score_impact', 'message'],
      );
    });
  cmd
    .command('snapshots')
    .description('Score history, newest first')
    .addOption(
      intOption('--limit <n>', 'how many scans', SNAPSHOT_LIMIT.min, SNAPSHOT_LIMIT.max, SNAPSHOT_LIMIT.default),
    )
    .action(async (o: { limit: number }) => {
      const rows = await snapshots(await cli.platform(), { limit: o.limit });
      cli.print(
        rows.map((r) => ({
          scan_id: r.scanId ?? '',
          score: r.score,
          grade: r.grade,
          critical: r.critical,
          warning: r.warning,
          checks: r.checks,
          scanned: r.scannedAt,
        })),
        ['scan_id', 'score', 'grade', 'critical', 'warning', 'checks', 'scanned'],
      );
    });
  cmd
    .command('settings')
    .description('Show the settings, or change them')
    .addOption(new Option('--allow-public-rest <state>', 'anyone may read the health score').choices(['on', 'off']))
    .action(async (o: { allowPublicRest?: 'on' | 'off' }) => {
      const platform = await cli.platform();
      if (o.allowPublicRest) await platform.settings.set(allowPublicRest, o.allowPublicRest === 'on');
      cli.print({ allow_public_rest: await platform.settings.get(allowPublicRest) });
    });
}
