// A PGlite data directory may be opened by one process only: a pid file refuses a second opener with a clear message.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class EmbeddedDatabaseBusyError extends Error {
  override name = 'EmbeddedDatabaseBusyError';
}

export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'atrium.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(readFileSync(file, 'utf8'));
      if (Number.isInteger(pid) && pid !== process.pid && alive(pid)) {
        throw new EmbeddedDatabaseBusyError(
          `The embedded database in ${dataDir} is in use by process ${pid} (a running Atrium?). ` +
            'Stop it first, or point both at a PostgreSQL server with DATABASE_URL.',
        );
      }
      rmSync(file, { force: true }); // stale lock from a crashed process
    }
  }
  throw new EmbeddedDatabaseBusyError(`Could not lock ${dataDir}`);
}
