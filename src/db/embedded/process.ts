// Process liveness, the one primitive the lock, the client registry and the watchdog rely on.
import { readFileSync } from 'node:fs';
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

/** Whether pid is the postmaster of pgdata: false for a pid that a crash or a reboot left behind and another
 *  process (even another PostgreSQL) has since been given. */
export function isPostmasterOf(pid: number, pgdata: string): boolean {
  if (!alive(pid)) return false;
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(pgdata);
  } catch {
    return true; // no /proc (macOS): trust the pid
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
