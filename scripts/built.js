// Whether dist/ (npm run build) is the compiled form of src/ as it is now: its stamp, dist/commands.json (written
// last by scripts/build.js), is newer than every file of src/. An edit, a checkout or `npm run generate` after the
// build makes it stale, and `atrium` runs the sources through tsx instead of old code (bin/atrium.js).
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
export const DIST_CLI = path.join(root, 'dist/cli.js');
const STAMP = path.join(root, 'dist/commands.json');

function newerThan(dir, stamp) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory() ? newerThan(file, stamp) : statSync(file).mtimeMs > stamp) return true;
  }
  return false;
}

/** True when dist/ was built from the sources as they are (about 5 ms for src/'s files). */
export function builtIsCurrent() {
  let stamp;
  try {
    stamp = statSync(STAMP).mtimeMs;
  } catch {
    return false; // never built
  }
  return !newerThan(path.join(root, 'src'), stamp);
}
