// One process at a time starts, attaches to or stops the cluster of a data directory: a file holding the pid of
// the process in charge (created exclusively). A holder that died leaves a stale file, which the next one takes
// over. The watchdog (watchdog.sh) takes the same lock before stopping an abandoned cluster.
import { openSync, closeSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { alive } from './process.ts';

export class ClusterLockTimeoutError extends Error {
  override name = 'ClusterLockTimeoutError';
}

export async function withLock<T>(file: string, fn: () => Promise<T>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const fd = openSync(file, 'wx', 0o644);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    let holder: number;
    try {
      holder = Number(readFileSync(file, 'utf8'));
    } catch {
      continue; // released meanwhile
    }
    // An empty file is a holder between create and write: wait for it like for a live one.
    if (holder && !alive(holder)) {
      rmSync(file, { force: true });
      continue;
    }
    if (Date.now() > deadline) {
      throw new ClusterLockTimeoutError(
        `${file} has been held by process ${holder || '?'} for over ${timeoutMs / 1000} s; if no Atrium process is starting, remove that file.`,
      );
    }
    await sleep(25);
  }
  try {
    return await fn();
  } finally {
    rmSync(file, { force: true });
  }
}
