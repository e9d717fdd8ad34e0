// The modules' commands, loaded only when the command line names one. Registering them imports every module (their
// commands call their services), which `atrium --help`, `serve` or `migrate` do not need. The build lists the CLI's
// top-level commands in dist/commands.json (scripts/build.js); with that list, a command line that names no module
// command gets stand-ins that help shows exactly as the real ones. Running the sources (no list), every module's
// commands are registered, as they always were.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Help, type Command } from 'commander';
import type { CliContext } from '../cli/context.ts';
import { CODE_DIR } from '../paths.ts';

export interface ListedCommand {
  name: string;
  /** How the top-level help shows it (`users [options] [command]`). */
  term: string;
  description: string;
}

const LIST = path.join(CODE_DIR, 'commands.json'); // dist/commands.json (src/ has none)

export function describeCommands(program: Command): ListedCommand[] {
  const help = program.createHelp();
  return program.commands.map((c) => ({
    name: c.name(),
    term: help.subcommandTerm(c),
    description: help.subcommandDescription(c),
  }));
}

function readList(): ListedCommand[] | undefined {
  try {
    return JSON.parse(readFileSync(LIST, 'utf8')) as ListedCommand[];
  } catch {
    return undefined; // the sources, or no build
  }
}

/** Registers the modules' commands on `program`, or only stand-ins for them when `argv` names none of them (with no
 *  `argv`, always the real ones). */
export async function addModuleCommands(program: Command, cli: CliContext, argv?: string[]): Promise<void> {
  const own = new Set(program.commands.map((c) => c.name()));
  const listed = argv && readList()?.filter((c) => !own.has(c.name));
  if (listed && !argv.slice(2).some((arg) => listed.some((c) => c.name === arg))) {
    for (const c of listed) program.command(c.name).description(c.description);
    const terms = new Map(listed.map((c) => [c.name, c.term]));
    const help = new Help();
    program.configureHelp({ subcommandTerm: (c) => terms.get(c.name()) ?? help.subcommandTerm(c) });
    return;
  }
  const { modules } = await import('../modules/index.ts');
  for (const m of modules) m.cli?.(program, cli);
}
