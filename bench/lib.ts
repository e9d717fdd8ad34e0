// Shared benchmark plumbing: Atrium and the express baseline each in their own process, autocannon as the load,
// ratios against the baseline measured in the same run, and SQL statement counts measured in-process.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const ROOT = path.resolve(import.meta.dirname, '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export async function waitFor(url: string, timeoutMs = 60_000, up = (status: number) => status < 300): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if (up((await fetch(url)).status)) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

export interface Running {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

function stopper(child: ChildProcess, cleanup = () => {}) {
  return () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => {
        cleanup();
        resolve();
      });
      child.kill('SIGTERM');
    });
}

export async function startBaseline(): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/baseline.ts')], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/hello`);
  return { url, child, stop: stopper(child) };
}

/** Starts a node script of bench/ (through tsx unless it is JavaScript) with `env`, up once `ready` answers. */
export async function startNode(
  script: string,
  env: Record<string, string>,
  ready: string,
  up?: (status: number) => boolean,
  { wrapper = [], readyMs = 60_000 }: Pick<StartOptions, 'wrapper' | 'readyMs'> = {},
): Promise<Running> {
  const port = await freePort();
  const args = script.endsWith('.ts') ? ['--import', 'tsx', script] : [script];
  const [command, ...rest] = [...wrapper, process.execPath, ...args];
  const child = spawn(command!, rest, {
    env: { ...process.env, NODE_ENV: 'production', ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
    cwd: path.dirname(script),
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}${ready}`, readyMs, up);
  return { url, child, stop: stopper(child) };
}

/** The connection URL of the embedded cluster under `dataDir` while it runs (or DATABASE_URL when set). */
export function databaseUrlOf(dataDir: string): string {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const password = readFileSync(path.join(dataDir, 'postgres.password'), 'utf8').trim();
  const port = readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3];
  return `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/atrium`;
}

export interface StartOptions {
  /** The checkout whose bin/atrium.js runs (default: this one), to measure two builds side by side. */
  root?: string;
  /** A command that runs node (valgrind and its options, for bench/instructions.ts). */
  wrapper?: string[];
  /** How long it may take to answer /readyz (default 60 s). */
  readyMs?: number;
}

const BENCH_JWT_SECRET = randomBytes(48).toString('base64');

/** bin/atrium.js runs the sources through tsx when dist/ is older than src/ — after an edit, and after `npm test`,
 *  whose `npm run generate` rewrites src/generated/. A benchmark would then time the sources (slower: tsx's output,
 *  graphql-js as CommonJS) without a word: it stops instead, unless the sources are asked for (ATRIUM_FROM_SOURCES). */
async function refuseStaleBuild(root: string, env: Record<string, string>) {
  if (env.ATRIUM_FROM_SOURCES ?? process.env.ATRIUM_FROM_SOURCES) return;
  const built = (await import(pathToFileURL(path.join(root, 'scripts/built.js')).href)) as {
    builtIsCurrent(): boolean;
  };
  if (!built.builtIsCurrent()) throw new Error(`${root}: dist/ is older than src/; run \`npm run build\` there first`);
}

/** Starts `atrium serve` on a data directory (embedded database unless env has DATABASE_URL); `nodeArgs` go to node
 *  (the profiler passes --cpu-prof). */
export async function startAtrium(
  dataDir: string,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
  { root = ROOT, wrapper = [], readyMs }: StartOptions = {},
): Promise<Running> {
  await refuseStaleBuild(root, env);
  const port = await freePort();
  const [command, ...args] = [...wrapper, process.execPath, ...nodeArgs, path.join(root, 'bin/atrium.js'), 'serve'];
  const child = spawn(command!, args, {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      JOBS_ENABLED: 'false',
      // As operators run it, like every server the benchmarks measure (graphql-js, express and yoga read NODE_ENV;
      // PostGraphile runs with GRAPHILE_ENV=production too): production needs a strong JWT secret.
      NODE_ENV: 'production',
      JWT_SECRET: BENCH_JWT_SECRET,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/readyz`, readyMs);
  return { url, child, stop: stopper(child) };
}

/** A new database `<prefix>_<random>` on the PostgreSQL server of `serverUrl` (created from its maintenance database,
 *  whatever database the URL names), for one run: its URL, and `drop()` for the end of the run. */
export async function runDatabase(serverUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const maintenance = new URL(serverUrl);
  maintenance.pathname = '/postgres';
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: maintenance.toString() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(name)}`);
  } catch (err) {
    await admin.end();
    throw err;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(name)} WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    },
  };
}

export function tempDataDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'atrium-bench-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface LoadResult {
  rps: number;
  /** Requests answered over the run. */
  requests: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export interface LoadOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  seconds?: number;
}

export async function load(url: string, o: LoadOptions = {}): Promise<LoadResult> {
  const result = await autocannon({
    url,
    method: o.method ?? 'GET',
    headers: o.headers,
    body: o.body,
    connections: o.connections ?? 32,
    duration: o.seconds ?? Number(process.env.BENCH_SECONDS ?? 8),
  });
  return loadResultOf(result);
}

/** What a benchmark reads of an autocannon run. */
export function loadResultOf(result: autocannon.Result): LoadResult {
  return {
    rps: result.requests.average,
    requests: result.requests.total,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

export interface Row {
  name: string;
  result: LoadResult;
  baseline: LoadResult;
  statements?: number;
  note?: string;
}

export function report(title: string, rows: Row[]): string {
  const lines = [
    `## ${title}`,
    '',
    '| scenario | req/s | p99 ms | ratio to baseline | baseline req/s | baseline p99 ms | SQL/request | errors |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map((r) =>
      [
        r.name,
        r.result.rps.toFixed(0),
        r.result.p99.toFixed(1),
        (r.result.rps / r.baseline.rps).toFixed(3),
        r.baseline.rps.toFixed(0),
        r.baseline.p99.toFixed(1),
        r.statements === undefined ? '' : r.statements.toFixed(1),
        String(r.result.errors + r.result.non2xx),
      ]
        .join(' | ')
        .replace(/^/, '| ')
        .concat(' |'),
    ),
  ];
  const notes = rows.filter((r) => r.note).map((r) => `- ${r.name}: ${r.note}`);
  return [...lines, ...(notes.length ? ['', ...notes] : [])].join('\n');
}

/** Opens Atrium in-process on the data directory (migrations applied), runs `work`, closes it. Use it to seed data
 *  before startAtrium, and to count SQL statements per request. */
export async function withAtrium<T>(
  dataDir: string,
  work: (atrium: import('../src/server.ts').Atrium) => Promise<T>,
  env: Record<string, string> = {},
): Promise<T> {
  const { loadConfig } = await import('../src/platform/config.ts');
  const { createAtrium } = await import('../src/server.ts');
  const { modules } = await import('../src/modules/index.ts');
  const config = loadConfig(
    {
      ...process.env,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      JOBS_ENABLED: 'false',
      ADMIN_PASSWORD: 'bench-admin-password',
      ...env,
    },
    modules,
  );
  const atrium = await createAtrium({ config, modules });
  try {
    return await work(atrium);
  } finally {
    await atrium.close();
  }
}

/** Average SQL statements per request for `n` identical requests through the in-process app. */
export async function statementsPerRequest(
  atrium: import('../src/server.ts').Atrium,
  request: (agent: import('supertest').Agent) => PromiseLike<unknown>,
  n = 20,
): Promise<number> {
  const supertest = (await import('supertest')).default;
  const agent = supertest.agent(atrium.app);
  await request(agent); // warm caches
  const { statements } = await atrium.platform.db.statements.measure(async () => {
    for (let i = 0; i < n; i++) await request(agent);
  });
  return statements / n;
}
