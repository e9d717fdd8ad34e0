// `atrium`: the operators' command line (wp-cli style). Modules add their own commands.
import { readFileSync } from 'node:fs';
import { Command, CommanderError, Option } from 'commander';
import { ConfigError } from '../platform/config.ts';
import { EnvFileError } from '../platform/env-file.ts';
import { EmbeddedClusterError } from '../db/embedded/cluster.ts';
import { ClusterLockTimeoutError } from '../db/embedded/lock.ts';
import { DatabaseUnavailableError } from '../db/ensure-database.ts';
import { modules } from '../modules/index.ts';
import { AppError } from '../platform/errors.ts';
import { processCommands } from './commands.ts';
import { createCliContext } from './cli-context.ts';
import type { Format } from '../cli/output.ts';

/** The installed version: package.json's, read once per command. */
const version = (): string => (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

export async function runCli(argv: string[]): Promise<number> {
  const program = new Command('atrium')
    .description('Atrium: API gateway for the content platform’s business components')
    .version(version(), '-V, --version', 'print the version and exit')
    .addOption(new Option('--format <format>', 'output format').choices(['table', 'json', 'csv']).default('table'))
    .exitOverride()
    .showHelpAfterError();
  const cli = createCliContext(() => program.opts<{ format: Format }>().format);
  processCommands(program, cli);
  for (const m of modules) m.cli?.(program, cli);
  try {
    await program.parseAsync(argv);
    return 0;
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode;
    if (err instanceof AppError) {
      const params = err.data.params;
      const detail = params && typeof params === 'object' ? `\n${Object.entries(params).map(([k, v]) => `  ${k}: ${String(v)}`).join('\n')}` : '';
      process.stderr.write(`Error: ${err.message}${detail}\n`);
      return 1;
    }
    if (err instanceof ConfigError || err instanceof EnvFileError || err instanceof DatabaseUnavailableError || err instanceof EmbeddedClusterError || err instanceof ClusterLockTimeoutError) {
      process.stderr.write(`Error: ${err.message}\n`);
      return 2;
    }
    throw err;
  } finally {
    await cli.close();
  }
}
