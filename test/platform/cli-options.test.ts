// Every enumerated or numeric option of every command, walked from the command tree: a bad value exits non-zero with
// a message on stderr and nothing on stdout (one mechanism: src/cli/options.ts). And every read-only listing with
// --format=json prints JSON and only JSON.
import { Command, type Option } from 'commander';
import { expect, it, vi } from 'vitest';
import { modules } from '../../src/modules/index.ts';
import { cli, useCliDataDir } from '../helpers/cli.ts';

vi.setConfig({ testTimeout: 300_000 });
useCliDataDir('cli-options', { JOBS_ENABLED: 'false' });

type Leaf = { path: string[]; command: Command };
function leaves(): Leaf[] {
  const program = new Command('atrium');
  const notHere = () => Promise.reject(new Error('not in this test'));
  const noop = { platform: notHere, graphql: notHere, print() {}, success() {}, changed() {} };
  for (const m of modules) m.cli?.(program, noop);
  const walk = (c: Command, path: string[]): Leaf[] =>
    c.commands.length ? c.commands.flatMap((s) => walk(s, [...path, s.name()])) : [{ path, command: c }];
  return walk(program, []);
}
const validated = (o: Option) => !!o.argChoices?.length || !!o.parseArg;
const requiredArgs = (c: Command) => c.registeredArguments.filter((a) => a.required).map(() => '1');

it('refuses a bad value of every enumerated or numeric option', async () => {
  const checked: string[] = [];
  for (const { path, command } of leaves()) {
    for (const option of command.options.filter(validated)) {
      const res = await cli(...path, ...requiredArgs(command), option.long!, 'bogus');
      expect([res.code !== 0, res.out], `${path.join(' ')} ${option.long} bogus`).toEqual([true, '']);
      expect(res.err).toMatch(/error: option .* argument 'bogus' is invalid/);
      checked.push(`${path.join(' ')} ${option.long}`);
    }
  }
  expect(checked).toEqual(
    expect.arrayContaining([
      'forms list --status',
      'users list --role',
      'mailer campaigns list --status',
      'templates list --source',
      'reports cohort --since',
    ]),
  );
});

it('prints only JSON with --format=json for every listing that needs no argument', async () => {
  const listings = leaves().filter(
    ({ path, command }) =>
      ['list', 'status', 'score', 'checks', 'snapshots', 'mrr', 'cohort'].includes(path.at(-1)!) &&
      !requiredArgs(command).length,
  );
  expect(listings.length).toBeGreaterThan(8);
  for (const { path } of listings) {
    const res = await cli('--format=json', ...path);
    if (res.code !== 0) {
      expect(res.out, path.join(' ')).toBe(''); // e.g. no scan yet: the reason on stderr only
      continue;
    }
    expect(() => JSON.parse(res.out), `${path.join(' ')}: ${res.out.slice(0, 80)}`).not.toThrow();
  }
});
