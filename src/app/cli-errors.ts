// How a command's failure ends the `atrium` process: a refusal (AppError) exits 1 with its message and parameters, a
// configuration or database start-up problem exits 2 with its one line; anything else is a bug and is thrown. Loaded
// only when a command fails, so a command that succeeds does not load what these errors come from.
import { ConfigError } from '../platform/config.ts';
import { EnvFileError } from '../platform/env-file.ts';
import { EmbeddedClusterError } from '../db/embedded/cluster.ts';
import { ClusterLockTimeoutError } from '../db/embedded/lock.ts';
import { DatabaseUnavailableError } from '../db/ensure-database.ts';
import { AppError } from '../platform/errors.ts';

export function exitCodeOf(err: unknown): number {
  if (err instanceof AppError) {
    const params = err.data.params;
    const detail =
      params && typeof params === 'object'
        ? `\n${Object.entries(params)
            .map(([k, v]) => `  ${k}: ${String(v)}`)
            .join('\n')}`
        : '';
    process.stderr.write(`Error: ${err.message}${detail}\n`);
    return 1;
  }
  if (
    err instanceof ConfigError ||
    err instanceof EnvFileError ||
    err instanceof DatabaseUnavailableError ||
    err instanceof EmbeddedClusterError ||
    err instanceof ClusterLockTimeoutError
  ) {
    process.stderr.write(`Error: ${err.message}\n`);
    return 2;
  }
  throw err;
}
