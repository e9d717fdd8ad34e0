// `atrium`: the operators' command line (wp-cli style). Modules add their own commands, loaded only when the command
// line names one of them (src/app/command-list.ts); what a command needs, it imports when it runs.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Command, CommanderError, Option } from 'commander';
import { processCommands } from './commands.ts';
import { createCliContext } from './cli-context.ts';
import { addModuleCommands, describeCommands, type ListedCommand } from './command-list.ts';
import type { Format } from '../cli/output.ts';
import { PACKAGE_ROOT } from '../paths.ts';

/** The installed version: package.json's, read once per command. */
const version = (): string =>
  (JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

function createProgram(): Command {
  return new Command('atrium')
    .description('Atrium: API gateway for the content platform’s business components')
    .version(version(), '-V, --version', 'print the version and exit')
    .addOption(new Option('--format <format>', 'output format').choices(['table', 'json', 'csv']).default('table'))
    .exitOverride()
    .showHelpAfterError();
}

export async function runCli(argv: string[]): Promise<number> {
  const program = createProgram();
  const cli = createCliContext(() => program.opts<{ format: Format }>().format);
  processCommands(program, cli);
  await addModuleCommands(program, cli, argv);
  try {
    await program.parseAsync(argv);
    return 0;
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode;
    return (await import('./cli-errors.ts')).exitCodeOf(err);
  } finally {
    await cli.close();
  }
}

/** Every top-level command, the modules' included: the build writes them to dist/commands.json. */
export async function listCommands(): Promise<ListedCommand[]> {
  const program = createProgram();
  const cli = createCliContext(() => 'table');
  processCommands(program, cli);
  await addModuleCommands(program, cli);
  return describeCommands(program);
}
