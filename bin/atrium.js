#!/usr/bin/env node
// The `atrium` command: runs the TypeScript sources through tsx (no build step).
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('../src/app/cli.ts');
process.exitCode = await runCli(process.argv);
