// `atrium health …` in-process on a throwaway database.
import { expect, it } from 'vitest';
import { cli, useCliDataDir } from '../../helpers/cli.ts';

useCliDataDir('intel-cli');

it('scans, reads the score, checks and history, and switches the public setting', async () => {
  const none = await cli('health', 'score');
  expect(none.code).toBe(1);
  expect(none.err).toContain('No site health scan has run yet');

  const scan = JSON.parse((await cli('--format=json', 'health', 'scan')).out)[0];
  expect(scan).toMatchObject({ scan_id: expect.any(Number), score: expect.any(Number), checks: expect.any(Number) });
  expect(scan.checks).toBeGreaterThanOrEqual(15);

  const score = JSON.parse((await cli('--format=json', 'health', 'score')).out)[0];
  expect(score).toMatchObject({ score: scan.score, critical: scan.critical, warning: scan.warning });
  expect(score.scanned).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/); // ISO 8601, as every CLI date

  const ok = JSON.parse((await cli('--format=json', 'health', 'checks', '--status', 'ok')).out) as { status: string }[];
  expect(ok.length).toBeGreaterThan(0);
  expect(ok.every((c) => c.status === 'ok')).toBe(true);
  expect((await cli('health', 'checks', '--status', 'fine')).code).not.toBe(0);

  const history = JSON.parse((await cli('--format=json', 'health', 'snapshots', '--limit', '1')).out);
  expect(history).toEqual([expect.objectContaining({ scan_id: scan.scan_id, score: scan.score })]);
  expect((await cli('health', 'snapshots', '--limit', '51')).code).toBe(1);

  expect(JSON.parse((await cli('--format=json', 'health', 'settings', '--allow-public-rest', 'on')).out)).toEqual([
    { allow_public_rest: true },
  ]);
  expect(JSON.parse((await cli('--format=json', 'health', 'settings')).out)).toEqual([{ allow_public_rest: true }]);
}, 240_000); // each CLI run opens the database: slow under load
