#!/usr/bin/env node
// The `atrium` command. It runs the bundled server in dist/ (built by `npm ci`: npm run build), with stack traces
// mapped back to the TypeScript lines. When dist/ is missing or older than a file of src/ (an edit or a checkout in
// development), it runs the sources through tsx instead — a few seconds slower to start, but never yesterday's code.
// ATRIUM_FROM_SOURCES=1 runs the sources anyway (bench/start.ts compares both).
import { builtIsCurrent, DIST_CLI } from '../scripts/built.js';

let runCli;
if (!process.env.ATRIUM_FROM_SOURCES && builtIsCurrent()) {
  process.setSourceMapsEnabled(true);
  ({ runCli } = await import(DIST_CLI));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ runCli } = await import('../src/app/cli.ts'));
}
process.exitCode = await runCli(process.argv);
