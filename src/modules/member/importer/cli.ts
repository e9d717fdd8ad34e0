// `atrium importer run --from=<pmpro|memberpress|rcp|wcm> <file.csv> [--dry-run] [--source-timezone=Area/City]`:
// streams the file through runImport, shows progress on a terminal, prints the summary (in --format) and exits 1
// when rows were skipped, each reported on stderr with its line and reason.
import { createReadStream, statSync } from 'node:fs';
import { Option, type Command } from 'commander';
import { AppError } from '../../../platform/errors.ts';
import type { CliContext } from '../../../cli/context.ts';
import { SOURCE_SYSTEMS } from './formats/index.ts';
import { invalidFile } from './format.ts';
import { progressReporter } from './progress-reporter.ts';
import { runImport } from './run.ts';

interface RunFlags {
  from: (typeof SOURCE_SYSTEMS)[number];
  dryRun?: boolean;
  sourceTimezone: string;
  batchSize: string;
}

export function importerCli(program: Command, cli: CliContext): void {
  const importer = program.command('importer').description('Membership importer: members of another membership system');
  importer
    .command('run')
    .description(
      'Imports an export of Paid Memberships Pro, MemberPress, Restrict Content Pro or WooCommerce Memberships',
    )
    .argument('<file>', 'the CSV export')
    .addOption(
      new Option('--from <source>', 'the system that exported the file').choices(SOURCE_SYSTEMS).makeOptionMandatory(),
    )
    .option('--dry-run', 'check and count everything, write nothing')
    .option('--source-timezone <zone>', 'time zone of dates without an offset (IANA name)', 'UTC')
    .option('--batch-size <rows>', 'rows per transaction', '1000')
    .action(async (file: string, o: RunFlags) => {
      let size: number;
      try {
        size = statSync(file).size;
      } catch (err) {
        throw invalidFile(`Cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
      }
      const platform = await cli.platform();
      const reporter = progressReporter(size);
      const summary = await runImport(
        platform,
        createReadStream(file),
        { from: o.from, dryRun: Boolean(o.dryRun), sourceTimezone: o.sourceTimezone, batchSize: Number(o.batchSize) },
        reporter,
      ).finally(() => reporter.stop());
      cli.print({
        source: summary.source,
        dry_run: summary.dryRun,
        rows: summary.rows,
        created: summary.created,
        updated: summary.updated,
        unchanged: summary.unchanged,
        skipped: summary.skipped,
        users_created: summary.usersCreated,
        plans_created: summary.plansCreated,
      });
      if (summary.skipped)
        throw new AppError(
          'member_import_rows_skipped',
          `${summary.skipped} row(s) skipped (see the lines above); the others were ${summary.dryRun ? 'checked' : 'imported'}.`,
        );
    });
}
