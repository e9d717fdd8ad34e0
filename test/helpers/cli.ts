// The operators' CLI in-process: `atrium …` against a throwaway database, output captured.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, inject, vi } from 'vitest';
import { runCli } from '../../src/app/cli.ts';
import { acquireCluster, type ClusterLease } from '../../src/db/embedded/cluster.ts';
import { copyDataDir } from '../setup/global.ts';

export interface CommandResult {
  code: number;
  out: string;
  err: string;
}

/** Runs `atrium <args>` in this process and answers its exit code, stdout and stderr. */
export async function cli(...args: string[]): Promise<CommandResult> {
  let out = '';
  let err = '';
  const o = vi.spyOn(process.stdout, 'write').mockImplementation((s) => ((out += String(s)), true));
  const e = vi.spyOn(process.stderr, 'write').mockImplementation((s) => ((err += String(s)), true));
  try {
    return { code: await runCli(['node', 'atrium', ...args]), out, err };
  } finally {
    o.mockRestore();
    e.mockRestore();
  }
}

/**
 * Points the CLI (through process.env) at a new embedded data directory for the calling file or describe block, with
 * `env` on top (undefined deletes a key); everything is restored and removed afterwards. The directory is a copy of
 * the migrated seed (a fresh initdb and migration take seconds), and its cluster is kept running for the block as a
 * server would: each command, and each in-process Atrium the test opens on DATA_DIR, finds it through the directory.
 */
export function useCliDataDir(name: string, env: Record<string, string | undefined> = {}): { readonly path: string } {
  const dir = { path: '' };
  const saved = { ...process.env };
  let cluster: ClusterLease | undefined;
  beforeAll(async () => {
    dir.path = mkdtempSync(path.join(tmpdir(), `atrium-${name}-`));
    copyDataDir(inject('seedDataDir'), dir.path);
    cluster = await acquireCluster(dir.path);
    delete process.env.DATABASE_URL; // the CLI here always uses the embedded database
    Object.assign(process.env, { DATA_DIR: dir.path, LOG_LEVEL: 'silent' });
    for (const [key, value] of Object.entries(env)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }, 180_000);
  afterAll(async () => {
    process.env = saved;
    await cluster?.release();
    rmSync(dir.path, { recursive: true, force: true });
  });
  return dir;
}
