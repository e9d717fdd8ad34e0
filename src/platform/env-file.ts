// One configuration for the server and every command: the environment, then a .env-style file — `.env` in the
// working directory, or the file ATRIUM_ENV_FILE names. A key set in the environment wins over the file (as dotenv
// and Docker's env_file do), so a deployment's own variables override the file kept with the site. Without it, an
// operator's shell (which has none of the server's variables) ran commands on another configuration than the server's.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';

type Env = Record<string, string | undefined>;

/** The environment with the env file's keys beneath it; `file` says which file was read (null: none). */
export function configEnvironment(env: Env = process.env, cwd = process.cwd()): { env: Env; file: string | null } {
  const named = env.ATRIUM_ENV_FILE;
  const file = named ? path.resolve(cwd, named) : path.join(cwd, '.env');
  if (!existsSync(file)) {
    if (named) throw new EnvFileError(`ATRIUM_ENV_FILE: ${file} does not exist.`);
    return { env, file: null };
  }
  return { env: { ...parseEnv(readFileSync(file, 'utf8')), ...env }, file };
}

export class EnvFileError extends Error {
  override name = 'EnvFileError';
}
