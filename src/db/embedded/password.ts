// The cluster's superuser password: generated at initdb, kept beside the cluster (mode 0600) so that every Atrium
// process on the same DATA_DIR (server, CLI, studio) can connect. It is never logged or printed.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export function readPassword(file: string): string {
  if (!existsSync(file)) {
    throw new Error(
      `${file} is missing: the embedded PostgreSQL's password cannot be recovered. Restore the file, or move the data directory away to start afresh.`,
    );
  }
  return readFileSync(file, 'utf8').trim();
}

/** Creates the password file if it does not exist yet, and answers the password. */
export function ensurePassword(file: string): string {
  if (!existsSync(file)) writeFileSync(file, `${randomBytes(24).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  return readPassword(file);
}
