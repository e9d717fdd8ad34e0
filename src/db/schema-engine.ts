// Prisma's official schema engine, compiled to WebAssembly, driven through a driver adapter: migrations work offline
// and without native engine binaries.
import { readFile, readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  bindMigrationAwareSqlAdapterFactory,
  type SqlMigrationAwareDriverAdapterFactory,
} from '@prisma/driver-adapter-utils';
import type { SchemaEngine } from '@prisma/schema-engine-wasm';
import { PACKAGE_ROOT } from '../paths.ts';

const require = createRequire(import.meta.url);
export const PRISMA_DIR = path.join(PACKAGE_ROOT, 'prisma');
export const NO_FILTERS = { externalTables: [], externalEnums: [] };

type Bg = typeof import('@prisma/schema-engine-wasm/schema_engine_bg');
let bgModule: Promise<Bg> | undefined;

/** Instantiates the WASM module once per process. */
function loadWasm(): Promise<Bg> {
  bgModule ??= (async () => {
    const bg: Bg = await import('@prisma/schema-engine-wasm/schema_engine_bg');
    const wasmPath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg').replace(/\.js$/, '.wasm');
    const imports: Record<string, unknown> = { ...bg };
    // wasm-bindgen's timers would keep the process alive for ~60 s after a migration: unref them.
    for (const key of Object.keys(imports)) {
      if (key.startsWith('__wbg_setTimeout_')) {
        imports[key] = (fn: () => void, ms: number) => setTimeout(fn, ms >>> 0).unref();
      }
    }
    const { instance } = await WebAssembly.instantiate(await readFile(wasmPath), {
      './schema_engine_bg.js': imports as WebAssembly.ModuleImports,
    });
    (bg as unknown as { __wbg_set_wasm(e: unknown): void }).__wbg_set_wasm(instance.exports);
    (instance.exports as { __wbindgen_start?: () => void }).__wbindgen_start?.();
    return bg;
  })();
  return bgModule;
}

/** The Prisma schema files of every module (prisma/schema/*.prisma). */
export async function readSchemaFiles(): Promise<{ path: string; content: string }[]> {
  const dir = path.join(PRISMA_DIR, 'schema');
  const names = (await readdir(dir)).filter((n) => n.endsWith('.prisma')).sort();
  return Promise.all(
    names.map(async (n) => ({ path: path.join(dir, n), content: await readFile(path.join(dir, n), 'utf8') })),
  );
}

export async function withSchemaEngine<T>(
  factory: SqlMigrationAwareDriverAdapterFactory,
  fn: (engine: SchemaEngine) => Promise<T>,
): Promise<T> {
  const bg = await loadWasm();
  const files = await readSchemaFiles();
  const engine = (await bg.SchemaEngine.new(
    { datamodels: files.map((f) => [f.path, f.content]) },
    () => {},
    bindMigrationAwareSqlAdapterFactory(factory),
  )) as SchemaEngine;
  try {
    return await fn(engine);
  } finally {
    engine.free();
  }
}
