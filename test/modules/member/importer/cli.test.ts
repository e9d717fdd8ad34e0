// `atrium importer run` on a throwaway embedded database: the summary on stdout (in --format), each skipped row on
// stderr with its line and reason and exit 1, --dry-run, --source-timezone, and clear errors for a bad source, a
// missing file or a file of another format. The terminal progress bar is cli-progress on a TTY.
import { PassThrough } from 'node:stream';
import { expect, it, vi } from 'vitest';
import { loadConfig } from '../../../../src/platform/config.ts';
import { progressReporter } from '../../../../src/modules/member/importer/progress-reporter.ts';
import { createAtrium } from '../../../../src/server.ts';
import { cli, useCliDataDir } from '../../../helpers/cli.ts';
import { fixture } from './helpers.ts';

vi.setConfig({ testTimeout: 120_000 }); // every command opens the embedded database on disk, slow under load

useCliDataDir('importer-cli', { JOBS_ENABLED: 'false' });

const summaryOf = (out: string) => JSON.parse(out)[0];

it('imports, then finds everything unchanged; the summary follows --format', async () => {
  const first = await cli('importer', 'run', '--from=pmpro', fixture('pmpro-3.7.csv'), '--format=json');
  expect([first.code, first.err], first.err).toEqual([
    0,
    expect.stringMatching(/^importing: 2 rows read to line 3 \(2 created, 0 updated, 0 unchanged, 0 skipped\)/),
  ]);
  expect(summaryOf(first.out)).toEqual({
    source: 'pmpro',
    dry_run: false,
    rows: 2,
    created: 2,
    updated: 0,
    unchanged: 0,
    skipped: 0,
    users_created: 1,
    plans_created: 2,
  });
  const again = await cli('importer', 'run', '--from', 'pmpro', fixture('pmpro-3.7.csv'), '--format=csv');
  expect(again.out.trim().split('\n')).toEqual([
    'source,dry_run,rows,created,updated,unchanged,skipped,users_created,plans_created',
    'pmpro,false,2,0,0,2,0,0,0',
  ]);
});

it('skipped rows: each on stderr with its line and reason, the others imported, exit 1', async () => {
  const res = await cli('importer', 'run', '--from=rcp', fixture('rcp-broken.csv'), '--format=json');
  expect(res.code).toBe(1);
  expect(summaryOf(res.out)).toMatchObject({ rows: 8, created: 2, skipped: 6 });
  const lines = res.err.trim().split('\n');
  expect(lines.filter((l) => l.startsWith('line '))).toEqual([
    'line 3: bad e-mail "not-an-email"',
    'line 4: unknown status "frozen"',
    'line 5: bad date "2024-13-45 00:00:00" (start)',
    'line 6: missing key (the membership id the source identifies it by)',
    'line 8: duplicate key rcp:311 (first on line 2)',
    'line 9: malformed CSV: Quote Not Closed: the parsing is finished with an opening quote at line 9',
  ]);
  expect(lines.at(-1)).toBe('Error: 6 row(s) skipped (see the lines above); the others were imported.');
});

it('--dry-run writes nothing; --source-timezone reads WooCommerce dates in the site zone', async () => {
  const dry = await cli(
    'importer',
    'run',
    '--from=wcm',
    fixture('wcm-members.csv'),
    '--dry-run',
    '--source-timezone=America/New_York',
    '--format=json',
  );
  expect(summaryOf(dry.out)).toMatchObject({ dry_run: true, rows: 8, created: 8, users_created: 8, plans_created: 2 });
  const real = await cli(
    'importer',
    'run',
    '--from=wcm',
    fixture('wcm-members.csv'),
    '--source-timezone=America/New_York',
    '--format=json',
  );
  expect(summaryOf(real.out)).toMatchObject({ dry_run: false, created: 8, unchanged: 0 }); // the dry run left nothing behind
  const tab = await cli(
    'importer',
    'run',
    '--from=wcm',
    fixture('wcm-members-tab.tsv'),
    '--source-timezone=America/New_York',
    '--format=json',
  );
  expect(summaryOf(tab.out)).toMatchObject({ created: 1, plans_created: 0 });
  // The same file read as UTC moves every date: all rows updated.
  expect(
    summaryOf((await cli('importer', 'run', '--from=wcm', fixture('wcm-members.csv'), '--format=json')).out),
  ).toMatchObject({ updated: 8 });
  await cli('importer', 'run', '--from=wcm', fixture('wcm-members.csv'), '--source-timezone=America/New_York');

  const atrium = await createAtrium({ config: loadConfig({ ...process.env, NODE_ENV: 'test' }), bootstrap: false });
  try {
    const dates = await atrium.platform.prisma.membership.findMany({
      where: { sourceRef: { in: ['wcm:5001', 'wcm:5002', 'wcm:5009'] } },
      orderBy: { sourceRef: 'asc' },
    });
    expect(dates.map((m) => [m.sourceRef, m.startedAt.toISOString(), m.currentPeriodEnd?.toISOString()])).toEqual([
      ['wcm:5001', '2024-03-10T05:00:00.000Z', '2099-03-10T04:00:00.000Z'], // EST that day in 2024, EDT in 2099
      ['wcm:5002', '2024-07-01T13:30:00.000Z', '2099-07-15T13:30:00.000Z'], // EDT
      ['wcm:5009', '2024-11-03T05:30:00.000Z', '2099-11-03T06:30:00.000Z'], // 01:30 twice that night in 2024: the first
    ]);
  } finally {
    await atrium.close();
  }
});

it('a bad source, time zone or batch size, a missing file, or a file of another format: a non-zero exit and the reason', async () => {
  const source = await cli('importer', 'run', '--from=ghost', fixture('wcm-members.csv'));
  expect([source.code, source.err]).toEqual([
    1,
    expect.stringContaining('Allowed choices are pmpro, memberpress, rcp, wcm'),
  ]);
  expect((await cli('importer', 'run', fixture('wcm-members.csv'))).err).toContain(
    "required option '--from <source>' not specified",
  );
  const zone = await cli('importer', 'run', '--from=wcm', fixture('wcm-members.csv'), '--source-timezone=Mars/Olympus');
  expect([zone.code, zone.err]).toEqual([
    1,
    expect.stringContaining('source_timezone must be an IANA time zone such as Europe/Paris.'),
  ]);
  expect((await cli('importer', 'run', '--from=wcm', fixture('wcm-members.csv'), '--batch-size=0')).code).toBe(1);
  const missing = await cli('importer', 'run', '--from=wcm', fixture('nothing-here.csv'));
  expect([missing.code, missing.out, missing.err]).toEqual([
    1,
    '',
    expect.stringMatching(/^Error: Cannot read .*nothing-here\.csv: ENOENT/),
  ]);
  const other = await cli('importer', 'run', '--from=memberpress', fixture('rcp-memberships.csv'));
  expect([other.code, other.out, other.err]).toEqual([
    1,
    '',
    'Error: Not a MemberPress subscriptions or transactions file: no user_email, email or username column.\n',
  ]);
});

it('on a terminal: a cli-progress bar with the rows, the rate and the counts, skipped rows above it', () => {
  let screen = '';
  const tty = Object.assign(new PassThrough(), {
    isTTY: true,
    columns: 160,
    cursorTo: () => true,
    clearLine: () => true,
    moveCursor: () => true,
  });
  tty.on('data', (d) => (screen += String(d)));
  const reporter = progressReporter(1000, tty as unknown as NodeJS.WriteStream);
  reporter.onError!({ line: 7, reason: 'bad e-mail "x"' });
  reporter.onBatch!({ bytes: 500, line: 51, rows: 50, created: 40, updated: 5, unchanged: 4, skipped: 1 });
  reporter.stop();
  expect(screen).toContain('line 7: bad e-mail "x"');
  expect(screen).toMatch(/█+░* 100% \| 50 rows \| \d+ rows\/s \| 40 created, 5 updated, 4 unchanged, 1 skipped/);
});
