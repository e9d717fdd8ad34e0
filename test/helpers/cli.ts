// The operators' CLI in-process: `atrium …` against a throwaway database, output captured.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, inject, vi } from 'vitest';
import { runCli } from '../../src/cli/main.ts';
import { acquireCluster, type ClusterLease } from '../../src/db/embedded/cluster.ts';
import { giveToCluster } from '../../src/db/embedded/os-user.ts';
import { templateCopy } from './database.ts';

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
 * Points the CLI (through process.env) at a new data directory for the calling file or describe block, with `env` on
 * top (undefined deletes a key); everything is restored and removed afterwards. On the embedded run the directory is
 * a copy of the migrated seed cluster, kept running for the block as a server would (each command finds it through
 * the data directory); on a DATABASE_URL run the CLI gets its own database on that server.
 */
export function useCliDataDir(name: string, env: Record<string, string | undefined> = {}): { readonly path: string } {
  const dir = { path: '' };
  const saved = { ...process.env };
  let cluster: ClusterLease | undefined;
  let drop = async () => {};
  beforeAll(async () => {
    dir.path = mkdtempSync(path.join(tmpdir(), `atrium-${name}-`));
    const template = inject('pgTemplate');
    delete process.env.DATABASE_URL;
    if (template.kind === 'embedded') {
      cpSync(template.seedDataDir!, dir.path, { recursive: true });
      giveToCluster(path.join(dir.path, 'postgres'), true);
      giveToCluster(path.join(dir.path, 'run'), true);
      cluster = await acquireCluster(dir.path);
    } else {
      const copy = await templateCopy();
      process.env.DATABASE_URL = copy.url;
      drop = copy.drop;
    }
    Object.assign(process.env, { DATA_DIR: dir.path, LOG_LEVEL: 'silent' });
    for (const [key, value] of Object.entries(env)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }, 180_000);
  afterAll(async () => {
    process.env = saved;
    await cluster?.release();
    await drop();
    rmSync(dir.path, { recursive: true, force: true });
  });
  return dir;
}
