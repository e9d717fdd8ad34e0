// What `npm run build` (scripts/build.js) put in dist/, which `npm start` and `atrium` run (CI builds it at install):
// graphql-js once, as its ES modules, with its production `instanceOf`. The CommonJS files cost every call into
// graphql two getters (docs/performance.md, "graphql-js bundled as its ES modules, timed"), and two copies would
// fail every `instanceof` between them.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../../src/paths.ts';

const DIST = path.join(PACKAGE_ROOT, 'dist');

it('bundles graphql-js once, as its ES modules, with the production instanceOf', () => {
  const code = readdirSync(DIST)
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(path.join(DIST, f), 'utf8'))
    .join('\n');
  // esbuild heads each bundled file's code with its path.
  const graphqlFiles = [...code.matchAll(/^\/\/ node_modules\/graphql\/(\S+)$/gm)].map((m) => m[1]!);
  expect(graphqlFiles).toContain('index.mjs');
  expect(graphqlFiles.filter((f) => !f.endsWith('.mjs'))).toEqual([]);
  expect(new Set(graphqlFiles).size).toBe(graphqlFiles.length);
  expect(code).toContain('instanceOf = (value, constructor) => value instanceof constructor;');
});
