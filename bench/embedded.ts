// npm run bench:embedded — the embedded PostgreSQL (no DATABASE_URL) against a PostgreSQL server, in one run:
//  - cold start of `atrium serve` to the first 200 on /wp-json/: first boot on an empty DATA_DIR, then with it existing;
//  - idle memory: RSS of the Atrium process, PSS of the embedded cluster's processes;
//  - the authenticated list GET /wp-json/mailer/v1/subscribers?per_page=10 on both (same data, same load, alternated
//    embedded/server twice), and the ratio embedded / server.
// BENCH_SERVER_URL (default postgresql://postgres@127.0.0.1:5432/postgres): a database atrium_bench_<random> is
// created there and dropped afterwards. BENCH_SECONDS (default 8) per load round, BENCH_SUBSCRIBERS (default 1000).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createAppPassword } from '../src/platform/auth/app-passwords.ts';
import { SYSTEM } from '../src/platform/principal.ts';
import {
  freePort,
  load,
  runDatabase,
  startAtrium,
  statementsPerRequest,
  tempDataDir,
  withAtrium,
  type LoadResult,
} from './lib.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER = process.env.BENCH_SERVER_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 1000);
const LIST = '/wp-json/mailer/v1/subscribers?per_page=10';
const step = (what: string) => process.stderr.write(`… ${what}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Spawns `atrium serve` and answers the milliseconds from spawn to the first 200 on /wp-json/; then stops it. */
async function coldStart(dataDir: string): Promise<number> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    JOBS_ENABLED: 'false',
    ADMIN_PASSWORD: 'bench-admin-password',
  };
  delete env.DATABASE_URL;
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, 'bin/atrium.js'), 'serve'], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error('atrium serve exited during the cold start');
      try {
        if ((await fetch(`http://127.0.0.1:${port}/wp-json/`)).status === 200) return performance.now() - started;
      } catch {
        /* not listening yet */
      }
      await sleep(10);
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

function kib(pid: number, file: 'status' | 'smaps_rollup', field: 'VmRSS' | 'Pss'): number {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/${file}`, 'utf8'));
  return m ? Number(m[1]) : 0;
}

/** PSS of the postmaster of dataDir and its children (shared buffers counted once across them). */
function clusterPss(dataDir: string): number {
  const postmaster = Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
  let total = kib(postmaster, 'smaps_rollup', 'Pss');
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      if (ppid === postmaster) total += kib(Number(entry), 'smaps_rollup', 'Pss');
    } catch {
      /* gone meanwhile */
    }
  }
  return total;
}

/** Subscribers to list and an application password for the administrator. */
async function seed(dataDir: string, env: Record<string, string> = {}) {
  return withAtrium(
    dataDir,
    async (atrium) => {
      const { platform } = atrium;
      const now = platform.clock.now();
      const rows = Array.from({ length: SUBSCRIBERS }, (_, k) => ({
        email: `reader${k}@bench.test`,
        firstName: `Reader${k}`,
        createdAt: now,
        updatedAt: now,
      }));
      await platform.prisma.mailerSubscriber.createMany({ data: rows });
      const admin = await platform.prisma.user.findFirstOrThrow({ where: { username: 'admin' } });
      const { password } = await createAppPassword(platform, SYSTEM, { name: 'bench', userId: admin.id });
      const authorization = `Basic ${Buffer.from(`admin:${password}`).toString('base64')}`;
      const statements = await statementsPerRequest(atrium, (a) => a.get(LIST).set('Authorization', authorization));
      return { authorization, statements };
    },
    env,
  );
}

const mean = (xs: LoadResult[]) => ({
  rps: xs.reduce((s, x) => s + x.rps, 0) / xs.length,
  p99: xs.reduce((s, x) => s + x.p99, 0) / xs.length,
  errors: xs.reduce((s, x) => s + x.errors + x.non2xx, 0),
});

async function main() {
  const embeddedDir = tempDataDir();
  const serverDir = tempDataDir();
  const database = await runDatabase(SERVER, 'atrium_bench');
  const serverUrl = new URL(database.url);
  try {
    step('cold start: first boot on an empty DATA_DIR, then three starts with it existing');
    const firstBoot = await coldStart(embeddedDir.dir);
    const warm: number[] = [];
    for (let i = 0; i < 3; i++) warm.push(await coldStart(embeddedDir.dir));

    step(`seeding ${SUBSCRIBERS} subscribers on the embedded cluster and on ${serverUrl.host}${serverUrl.pathname}`);
    const embeddedSeed = await seed(embeddedDir.dir);
    const serverSeed = await seed(serverDir.dir, { DATABASE_URL: serverUrl.toString() });

    const embedded = await startAtrium(embeddedDir.dir, { ADMIN_PASSWORD: 'bench-admin-password' });
    const server = await startAtrium(serverDir.dir, {
      DATABASE_URL: serverUrl.toString(),
      ADMIN_PASSWORD: 'bench-admin-password',
    });
    try {
      step('warming up, then idle memory');
      for (const [at, auth] of [
        [embedded, embeddedSeed],
        [server, serverSeed],
      ] as const) {
        await load(`${at.url}${LIST}`, { headers: { Authorization: auth.authorization }, seconds: 2 });
      }
      await sleep(3000);
      const memory = {
        embeddedRss: kib(embedded.child.pid!, 'status', 'VmRSS'),
        serverRss: kib(server.child.pid!, 'status', 'VmRSS'),
        clusterPss: clusterPss(embeddedDir.dir),
      };

      step(`${LIST}: embedded, server, embedded, server`);
      const runs = { embedded: [] as LoadResult[], server: [] as LoadResult[] };
      for (let round = 0; round < 2; round++) {
        runs.embedded.push(
          await load(`${embedded.url}${LIST}`, { headers: { Authorization: embeddedSeed.authorization } }),
        );
        runs.server.push(await load(`${server.url}${LIST}`, { headers: { Authorization: serverSeed.authorization } }));
      }
      const e = mean(runs.embedded);
      const s = mean(runs.server);
      const ms = (n: number) => `${n.toFixed(0)} ms`;
      const mb = (k: number) => `${(k / 1024).toFixed(0)} MB`;
      console.log(
        [
          `## Embedded PostgreSQL vs PostgreSQL server (${new Date().toISOString()})`,
          '',
          `Cold start to the first 200 on /wp-json/: first boot ${ms(firstBoot)}; existing DATA_DIR ${warm.map(ms).join(', ')}`,
          `Idle memory: Atrium on the embedded cluster RSS ${mb(memory.embeddedRss)} + cluster PSS ${mb(memory.clusterPss)}; Atrium on the server RSS ${mb(memory.serverRss)}`,
          '',
          `| GET ${LIST} (application password) | req/s | p99 ms | SQL/request | errors |`,
          '|---|---|---|---|---|',
          `| embedded (rounds: ${runs.embedded.map((r) => r.rps.toFixed(0)).join(', ')}) | ${e.rps.toFixed(0)} | ${e.p99.toFixed(1)} | ${embeddedSeed.statements.toFixed(1)} | ${e.errors} |`,
          `| server ${serverUrl.host} (rounds: ${runs.server.map((r) => r.rps.toFixed(0)).join(', ')}) | ${s.rps.toFixed(0)} | ${s.p99.toFixed(1)} | ${serverSeed.statements.toFixed(1)} | ${s.errors} |`,
          '',
          `Ratio embedded / server: req/s ${(e.rps / s.rps).toFixed(3)}, p99 ${(e.p99 / s.p99).toFixed(3)}`,
        ].join('\n'),
      );
    } finally {
      await embedded.stop();
      await server.stop();
    }
  } finally {
    await database.drop();
    embeddedDir.remove();
    serverDir.remove();
  }
}

await main();
