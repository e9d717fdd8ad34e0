// Process liveness, the one primitive the lock, the client registry and the watchdog rely on.
import { readlinkSync, realpathSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

export function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'; // alive, another user's
  }
}

/** What the pid of a postmaster.pid file is now: `other` when a crash or a reboot left the file behind and another
 *  process (even another PostgreSQL) has since been given that pid. A postmaster works in its data directory, so its
 *  current directory tells; when that cannot be read (no /proc), a live pid counts as the postmaster. */
export function postmasterState(pid: number, pgdata: string): 'running' | 'gone' | 'other' {
  if (!alive(pid)) return 'gone';
  try {
    return readlinkSync(`/proc/${pid}/cwd`) === realpathSync(pgdata) ? 'running' : 'other';
  } catch {
    return 'running';
  }
}

/** Polls until the process has exited; false when it is still alive after timeoutMs. */
export async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (alive(pid)) {
    if (Date.now() > deadline) return false;
    await sleep(20);
  }
  return true;
}
