// Extension points: tpl_extra_paths adds folders of bundled templates (broken files are reported and skipped, never
// a crash) and tpl_ready fires once at start-up, after the catalog is loaded.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modules } from '../../../src/modules/index.ts';
import { allTemplates } from '../../../src/modules/templates/catalog.ts';
import type { Module } from '../../../src/modules/module.ts';
import { graphql } from '../../gql/index.ts';
import { createTestApp, type Caller, type TestApp } from '../../helpers/app.ts';
import { bundledFiles, extraTemplates, FIXTURES } from './setup.ts';

const ready: { payload: unknown; keys: string[] }[] = [];
const listener: Module = {
  name: 'tpl-listener',
  setup(platform) {
    platform.hooks.addAction('tpl_ready', async (payload: unknown) => {
      ready.push({ payload, keys: (await allTemplates(platform)).map((t) => t.key) });
    });
    // a plugin giving nonsense and a folder that does not exist: both reported, neither fatal
    platform.hooks.addFilter('tpl_extra_paths', (paths: unknown[]) => [
      ...paths,
      42,
      path.join(FIXTURES, 'no-such-folder'),
    ]);
  },
};

let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp({ modules: [...modules, extraTemplates, listener] });
  admin = await t.as('administrator');
});
afterAll(() => t?.close());

const Status = graphql(`
  query TplExtStatus {
    templatesStatus {
      bundled
      folders
      problems {
        path
        error
      }
    }
  }
`);

describe('tpl_ready', () => {
  it('fired once at start-up, after bundled and plugin templates were loaded, with counts', async () => {
    expect(ready).toHaveLength(1);
    expect(ready[0]!.payload).toEqual({ bundled: bundledFiles.length + 2, problems: 6, cloud: 0 });
    expect(ready[0]!.keys).toEqual(expect.arrayContaining(['landing-page', 'fixture-simple', 'fixture-unmet']));
    await t.http.get('/wp-json/templates/v1/catalog').set(admin.headers);
    expect(ready).toHaveLength(1);
  });
});

describe('tpl_extra_paths and broken files', () => {
  it('the admin field lists the folders read and every broken file with the reason', async () => {
    const r = await t.gql(Status, undefined, admin);
    expect(r.errors).toBeUndefined();
    const s = r.data!.templatesStatus;
    expect(s.bundled).toBe(bundledFiles.length + 2);
    expect(s.folders.slice(1)).toEqual([path.resolve(FIXTURES), path.join(FIXTURES, 'no-such-folder')]);
    const problems = Object.fromEntries(s.problems.map((p) => [path.basename(p.path), p.error]));
    expect(problems).toEqual({
      '42': 'tpl_extra_paths gave something that is not a folder path',
      'broken-json.json': expect.stringMatching(/^not valid JSON/),
      'bad-shape.json': expect.stringMatching(/^sections: Too small/),
      'duplicate-landing.json': expect.stringMatching(
        /^duplicate key "landing-page" \(already loaded from .*landing-page\.json\)$/,
      ),
      'future-schema.json': expect.stringMatching(/^schema: .*newer than this Atrium understands \(1\)/),
      'no-such-folder': 'folder cannot be read (ENOENT)',
    });
  });

  it('site health warns about the broken files and names them', async () => {
    const check = t.platform.checks.find((c) => c.id === 'templates_bundled_files')!;
    const result = await check.run(t.platform);
    expect(result.status).toBe('warning');
    expect(result.message).toMatch(
      /^6 template file\(s\) are broken and were skipped; \d+ bundled templates loaded\.$/,
    );
    expect(result.detail).toContain('broken-json.json: not valid JSON');
  });

  it('templates from a plugin folder are bundled templates like the others, unknown fields ignored', async () => {
    const res = await t.http.get('/wp-json/templates/v1/catalog/fixture-simple').set(admin.headers);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      source: 'bundled',
      version: '1.0.0',
      description: '',
      tags: [],
      preview_image: null,
    });
    expect(res.body).not.toHaveProperty('some_future_field');
  });

  it('without plugins, site health reports every bundled file loaded', async () => {
    const plain = await createTestApp();
    try {
      const check = plain.platform.checks.find((c) => c.id === 'templates_bundled_files')!;
      expect(await check.run(plain.platform)).toEqual({
        status: 'ok',
        message: `${bundledFiles.length} bundled templates loaded.`,
      });
    } finally {
      await plain.close();
    }
  });
});
