// npm run build (also after npm install): compiles the server once, src/ to dist/, so `atrium` and `npm start` run
// JavaScript instead of compiling the sources at every start (tsx stays for development and the tests). Then it copies
// the files of src/ that are not TypeScript (bundled templates, the cluster's watchdog) and writes
// dist/commands.json, the CLI's top-level commands, for `atrium --help` to list them without loading every module
// (src/app/command-list.ts). dist/commands.json, written last, is also the build's stamp (scripts/built.js).
import { execFileSync } from 'node:child_process';
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');

rmSync(dist, { recursive: true, force: true }); // no output of a source that is gone
try {
  execFileSync(path.join(root, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.build.json'], { cwd: root, stdio: 'pipe' });
} catch (err) {
  process.stderr.write(`tsc -p tsconfig.build.json failed:\n${err.stdout ?? ''}${err.stderr ?? ''}\n`);
  process.exit(1);
}
cpSync(path.join(root, 'src'), dist, { recursive: true, filter: (from) => !from.endsWith('.ts') });
const { listCommands } = await import(pathToFileURL(path.join(dist, 'app/cli.js')).href);
writeFileSync(path.join(dist, 'commands.json'), `${JSON.stringify(await listCommands(), null, 2)}\n`);
