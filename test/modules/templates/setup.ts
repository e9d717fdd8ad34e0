// Shared pieces of the templates tests: a plugin that adds the fixture folder through tpl_extra_paths, a plugin that
// delegates manage_options to editors and authors (so edit_post on own vs others' posts can be exercised), and the
// bundled files as the expectations.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { modules } from '../../../src/modules/index.ts';
import type { Module } from '../../../src/modules/module.ts';
import { BUNDLED_DIR } from '../../../src/modules/templates/bundled.ts';
import { templatesOf } from '../../../src/modules/templates/runtime.ts';
import type { TestApp } from '../../helpers/app.ts';

export const FIXTURES = fileURLToPath(new URL('./fixtures/extra/', import.meta.url));

export const extraTemplates: Module = {
  name: 'tpl-fixtures',
  setup(platform) {
    platform.hooks.addFilter('tpl_extra_paths', (paths: string[]) => [...paths, FIXTURES]);
  },
};

export const delegation: Module = {
  name: 'tpl-delegation',
  capabilities: { editor: ['manage_options'], author: ['manage_options'] },
};

export const withFixtures = [...modules, extraTemplates];

/** The bundled template files as plain JSON. */
export const bundledFiles = readdirSync(BUNDLED_DIR)
  .filter((f) => f.endsWith('.json'))
  .map(
    (f) =>
      JSON.parse(readFileSync(`${BUNDLED_DIR}/${f}`, 'utf8')) as {
        key: string;
        title: string;
        category: string;
        tags: string[];
        requirements: { modules: string[] };
        sections: { key: string; title: string }[];
      },
  );

/** Waits for the background cloud refresh of the app, if one is running. */
export const cloudIdle = (t: TestApp) => templatesOf(t.platform).cloud.idle();
