// Operator commands: atrium templates list | sync | cloud-optout <on|off> | status.
import { Argument, type Command } from 'commander';
import { AppError } from '../../platform/errors.ts';
import type { CliContext } from '../../cli/context.ts';
import { allTemplates } from './catalog.ts';
import { checkRequirements } from './requirements.ts';
import { templatesOf } from './runtime.ts';
import { oneOf } from '../../cli/options.ts';
import { SOURCES } from './entry.ts';

export function templatesCli(program: Command, cli: CliContext): void {
  const cmd = program.command('templates').description('Template catalog: bundled and cloud templates');
  cmd
    .command('list')
    .description('List the merged catalog')
    .addOption(oneOf('--source <source>', 'only this source', SOURCES))
    .action(async (o: { source?: 'bundled' | 'cloud' }) => {
      const platform = await cli.platform();
      const rows = (await allTemplates(platform, o.source)).map((t) => ({
        key: t.key,
        title: t.title,
        category: t.category,
        source: t.source,
        version: t.version,
        requirements: checkRequirements(platform, t).met ? 'met' : 'unmet',
      }));
      cli.print(rows, ['key', 'title', 'category', 'source', 'version', 'requirements']);
    });
  cmd
    .command('sync')
    .description('Fetch the cloud catalog now, bypassing the cache')
    .action(async () => {
      const r = await templatesOf(await cli.platform()).cloud.sync();
      const why: Record<string, string> = {
        not_configured: 'no cloud catalog is configured: set TEMPLATES_CLOUD_URL',
        disabled: 'cloud templates are off for this site: atrium templates cloud-optout off',
      };
      if (r.status !== 'ok')
        throw new AppError(
          'templates_sync_failed',
          `cannot sync: ${why[r.status] ?? `${r.status}${r.error ? `: ${r.error}` : ''}`}`,
        );
      cli.changed(
        `cloud catalog synced: ${r.added.length} added, ${r.updated.length} updated, ${r.removed.length} removed, ${r.rejected.length} rejected`,
        {
          added: r.added.join(','),
          updated: r.updated.join(','),
          removed: r.removed.join(','),
          rejected: r.rejected.length,
        },
      );
    });
  cmd
    .command('cloud-optout')
    .description('Turn cloud templates off (on) or back on (off)')
    .addArgument(new Argument('<state>', 'on: no cloud templates; off: cloud templates again').choices(['on', 'off']))
    .action(async (state: 'on' | 'off') => {
      await templatesOf(await cli.platform()).cloud.setOptout(state === 'on');
      cli.changed(state === 'on' ? 'cloud templates are off for this site' : 'cloud templates are on for this site', {
        cloud_optout: state === 'on',
      });
    });
  cmd
    .command('status')
    .description('Bundled files and cloud cache state')
    .action(async () => {
      const rt = templatesOf(await cli.platform());
      const [bundled, cloud] = await Promise.all([rt.bundled(), rt.cloud.status()]);
      cli.print({
        bundled: bundled.templates.size,
        broken_files: bundled.problems.length,
        cloud_configured: cloud.configured,
        cloud_optout: cloud.optout,
        cloud_entries: cloud.entries,
        cloud_fetched_at: cloud.fetchedAt,
        cloud_last_error: cloud.lastError ?? '',
      });
      for (const p of bundled.problems) process.stderr.write(`Warning: ${p.path}: ${p.error}\n`);
    });
}
