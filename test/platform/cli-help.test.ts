// `atrium --version`, and help on every command: the tree is walked from `atrium --help` down through each
// command's own help (what an operator sees, however the commands are registered). Each help exits 0, prints its
// usage on stdout, says what the command does, and describes every argument and option it takes.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { cli } from '../helpers/cli.ts';

/** The lines of a help section ("Commands:", "Options:", "Arguments:") up to the next blank line. */
function section(help: string, title: string): string[] {
  const lines = help.split('\n');
  const start = lines.indexOf(`${title}:`);
  if (start < 0) return [];
  const end = lines.indexOf('', start);
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

/** Entries of a section: a line starting with two spaces and a term; wrapped description lines are indented deeper. */
const entries = (lines: string[]) => lines.filter((l) => /^ {2}\S/.test(l));
/** An entry's term and description are separated by two or more spaces. */
const described = (entry: string) => /^ {2}\S.*\S {2,}\S/.test(entry);

it('prints the version of package.json', async () => {
  const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  expect(await cli('--version')).toEqual({ code: 0, out: `${version}\n`, err: '' });
  expect((await cli('-V')).out).toBe(`${version}\n`);
});

it('has help on every command, describing the command, its arguments and its options', async () => {
  const seen: string[] = [];
  const problems: string[] = [];
  const walk = async (path: string[]): Promise<void> => {
    const res = await cli(...path, '--help');
    const name = ['atrium', ...path].join(' ');
    expect({ code: res.code, err: res.err }, name).toEqual({ code: 0, err: '' });
    const lines = res.out.split('\n');
    const usage = lines[0]!;
    expect(usage === `Usage: ${name}` || usage.startsWith(`Usage: ${name} `), `${name}: ${usage}`).toBe(true);
    if (lines[1] !== '' || !/^\S/.test(lines[2] ?? '') || /^(Options|Arguments|Commands):$/.test(lines[2]!))
      problems.push(`${name}: no description`);
    const args = usage.match(/[<[][\w.-]+[>\]]/g)?.filter((a) => !['[options]', '[command]'].includes(a)) ?? [];
    const argEntries = entries(section(res.out, 'Arguments'));
    if (argEntries.length !== args.length || !argEntries.every(described))
      problems.push(`${name}: arguments ${args.join(' ')} not all described`);
    for (const entry of entries(section(res.out, 'Options')))
      if (!described(entry)) problems.push(`${name}: option ${entry.trim()} not described`);
    seen.push(path.join(' '));
    for (const entry of entries(section(res.out, 'Commands'))) {
      const sub = entry.trim().split(/\s/)[0]!;
      if (sub !== 'help') await walk([...path, sub]);
    }
  };
  await walk([]);
  expect(problems).toEqual([]);
  // The walk reached the whole tree: the process commands, the core's, and every module's.
  expect(seen).toEqual(
    expect.arrayContaining([
      'serve',
      'db backup',
      'users get',
      'users update',
      'users delete',
      'keys create',
      'jobs retry',
      'forms import',
      'mailer subscribers add',
      'mailer subscribers import',
      'members grant',
      'health scan',
      'templates sync',
      'sessions revoke',
    ]),
  );
  expect(seen.length).toBeGreaterThan(50);
});
