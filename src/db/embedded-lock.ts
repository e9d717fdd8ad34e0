// A PGlite data directory may be opened by one process only: a pid file refuses a second opener (another process, or
// this one twice) with a clear message, and a stale file left by a crashed process is reclaimed.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class EmbeddedDatabaseBusyError extends Error {
  override name = 'EmbeddedDatabaseBusyError';
}

const heldHere = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function busy(dataDir: string, pid: number): EmbeddedDatabaseBusyError {
  return new EmbeddedDatabaseBusyError(
    `The embedded database in ${dataDir} is in use by process ${pid} (a running Atrium?). ` +
      'Stop it first, or point both at a PostgreSQL server with DATABASE_URL.',
  );
}

export function lockDataDir(dataDir: string): () => void {
  const file = path.resolve(dataDir, 'atrium.pid');
  if (heldHere.has(file)) throw busy(dataDir, process.pid);
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    const pid = Number(readFileSync(file, 'utf8'));
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) throw busy(dataDir, pid);
    writeFileSync(file, String(process.pid)); // stale lock from a crashed process
  }
  heldHere.add(file);
  return () => {
    heldHere.delete(file);
    rmSync(file, { force: true });
  };
}
