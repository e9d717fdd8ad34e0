// The operators' commands, in-process on a throwaway database.
import { expect, it } from 'vitest';
import { cli, useCliDataDir } from '../../helpers/cli.ts';
import { bundledFiles } from './setup.ts';

useCliDataDir('tpl-cli', { TEMPLATES_CLOUD_URL: undefined });

it('lists the catalog, reports status, turns the cloud off and on, and refuses to sync without a cloud URL', async () => {
  const list = await cli('--format=json', 'templates', 'list');
  expect(list.code).toBe(0);
  const rows = JSON.parse(list.out) as { key: string; source: string; requirements: string }[];
  expect(rows.map((r) => r.key).sort()).toEqual(bundledFiles.map((f) => f.key).sort());
  expect(rows.find((r) => r.key === 'landing-page')).toMatchObject({ source: 'bundled', requirements: 'met' });

  const off = await cli('templates', 'cloud-optout', 'on');
  expect(off.err).toBe('Success: cloud templates are off for this site\n');
  const status = JSON.parse((await cli('--format=json', 'templates', 'status')).out);
  expect(status).toEqual([
    expect.objectContaining({
      bundled: bundledFiles.length,
      broken_files: 0,
      cloud_configured: false,
      cloud_optout: true,
    }),
  ]);

  const sync = await cli('templates', 'sync');
  expect(sync.code).toBe(1);
  expect(sync.err).toBe('Error: cannot sync: no cloud catalog is configured: set TEMPLATES_CLOUD_URL\n');
}, 240_000); // four CLI runs, each opening the database: slow under load
