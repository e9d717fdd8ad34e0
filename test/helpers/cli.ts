// The operators' CLI in-process: `atrium …` against a throwaway embedded data directory, output captured.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, inject, vi } from 'vitest';
import { runCli } from '../../src/cli/main.ts';

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
 * Points the CLI (through process.env) at a new embedded data directory for the calling file or describe block,
 * with `env` on top (undefined deletes a key); everything is restored and removed afterwards. The directory starts
 * from the migrated template when there is one: a fresh on-disk initdb and migration take seconds.
 */
export function useCliDataDir(name: string, env: Record<string, string | undefined> = {}): { readonly path: string } {
  const dir = { path: '' };
  const saved = { ...process.env };
  beforeAll(async () => {
    dir.path = mkdtempSync(path.join(tmpdir(), `atrium-${name}-`));
    delete process.env.DATABASE_URL; // the CLI here always uses the embedded database
    Object.assign(process.env, { DATA_DIR: dir.path, LOG_LEVEL: 'silent' });
    for (const [key, value] of Object.entries(env)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    const template = inject('pgTemplate');
    if (template.kind === 'pglite') {
      const db = new PGlite(path.join(dir.path, 'pgdata'), { loadDataDir: new Blob([readFileSync(template.dumpFile)]) });
      await db.waitReady;
      await db.close();
    }
  }, 180_000);
  afterAll(() => {
    process.env = saved;
    rmSync(dir.path, { recursive: true, force: true });
  });
  return dir;
}
