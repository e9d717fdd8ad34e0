// `atrium health …` in-process on a throwaway embedded database.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, inject, it, vi } from 'vitest';
import { runCli } from '../../../src/cli/main.ts';

let dir: string;
const saved = { ...process.env };
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'atrium-intel-cli-'));
  delete process.env.DATABASE_URL;
  Object.assign(process.env, { DATA_DIR: dir, LOG_LEVEL: 'silent' });
  // Start from the migrated template rather than a fresh initdb, as test/platform/cli.test.ts does.
  const template = inject('pgTemplate');
  if (template.kind === 'pglite') {
    const db = new PGlite(path.join(dir, 'pgdata'), { loadDataDir: new Blob([readFileSync(template.dumpFile)]) });
    await db.waitReady;
    await db.close();
  }
});
afterAll(() => {
  process.env = saved;
  rmSync(dir, { recursive: true, force: true });
});

async function cli(...args: string[]) {
  let out = '';
  let err = '';
  const o = vi.spyOn(process.stdout, 'write').mockImplementation((s) => ((out += String(s)), true));
  const e = vi.spyOn(process.stderr, 'write').mockImplementation((s) => ((err += String(s)), true));
  try {
    return { code: await runCli(['node', 'atrium', ...args]), out, err };
  } finally {
    o.mockRestore();
    e.mockRestore();
  }
}

it('scans, reads the score, checks and history, and switches the public setting', async () => {
  const none = await cli('health', 'score');
  expect(none.code).toBe(1);
  expect(none.err).toContain('No site health scan has run yet');

  const scan = JSON.parse((await cli('--format=json', 'health', 'scan')).out)[0];
  expect(scan).toMatchObject({ scan_id: expect.any(Number), score: expect.any(Number), checks: expect.any(Number) });
  expect(scan.checks).toBeGreaterThanOrEqual(15);

  const score = JSON.parse((await cli('--format=json', 'health', 'score')).out)[0];
  expect(score).toMatchObject({ score: scan.score, critical: scan.critical, warning: scan.warning });
  expect(score.scanned).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

  const ok = JSON.parse((await cli('--format=json', 'health', 'checks', '--status', 'ok')).out) as { status: string }[];
  expect(ok.length).toBeGreaterThan(0);
  expect(ok.every((c) => c.status === 'ok')).toBe(true);
  expect((await cli('health', 'checks', '--status', 'fine')).code).not.toBe(0);

  const history = JSON.parse((await cli('--format=json', 'health', 'snapshots', '--limit', '1')).out);
  expect(history).toEqual([expect.objectContaining({ scan_id: scan.scan_id, score: scan.score })]);
  expect((await cli('health', 'snapshots', '--limit', '51')).code).toBe(1);

  expect(JSON.parse((await cli('--format=json', 'health', 'settings', '--allow-public-rest', 'on')).out)).toEqual([{ allow_public_rest: true }]);
  expect(JSON.parse((await cli('--format=json', 'health', 'settings')).out)).toEqual([{ allow_public_rest: true }]);
}, 240_000); // each CLI run opens the embedded database: slow under load
