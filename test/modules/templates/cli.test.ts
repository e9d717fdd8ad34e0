// The operators' commands, in-process on a throwaway embedded database.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, inject, it, vi } from 'vitest';
import { runCli } from '../../../src/cli/main.ts';
import { bundledFiles } from './setup.ts';

let dir: string;
const saved = { ...process.env };
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'atrium-tpl-cli-'));
  delete process.env.DATABASE_URL;
  delete process.env.TEMPLATES_CLOUD_URL;
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

it('lists the catalog, reports status, turns the cloud off and on, and refuses to sync without a cloud URL', async () => {
  const list = await cli('--format=json', 'templates', 'list');
  expect(list.code).toBe(0);
  const rows = JSON.parse(list.out) as { key: string; source: string; requirements: string }[];
  expect(rows.map((r) => r.key).sort()).toEqual(bundledFiles.map((f) => f.key).sort());
  expect(rows.find((r) => r.key === 'landing-page')).toMatchObject({ source: 'bundled', requirements: 'met' });

  const off = await cli('templates', 'cloud-optout', 'on');
  expect(off.out).toBe('Success: cloud templates are off for this site\n');
  const status = JSON.parse((await cli('--format=json', 'templates', 'status')).out);
  expect(status).toEqual([expect.objectContaining({ bundled: bundledFiles.length, broken_files: 0, cloud_configured: false, cloud_optout: true })]);

  const sync = await cli('templates', 'sync');
  expect(sync.code).toBe(1);
  expect(sync.err).toBe('Error: sync not_configured\n');
}, 240_000); // four CLI runs, each opening the embedded database (and on PostgreSQL runs a fresh initdb): slow under load
