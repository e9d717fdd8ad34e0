// npx tsx bench/instructions.ts [scenario] [checkout ...] — the instructions a request costs Atrium's main thread,
// counted by valgrind's callgrind: a figure that moves neither with the machine's speed nor with its load, to compare
// builds by a change too small for timing to show (wrk's req/s and CPU per request move by ±10 % between rounds of
// one build on this 2-core machine). Each checkout's built `atrium serve` (run `npm run build` there first; default:
// this checkout) runs under callgrind, all at once, on the same data (bench/request-path.ts); each is warmed with
// BENCH_WARM requests (default 5,000: the JIT's tiers settle), its counters zeroed, loaded with BENCH_REQUESTS
// (default 3,000) at 4 connections, and its counts dumped. Per request: the main thread's instructions (what bounds
// a server's throughput), and all threads' (with the JIT's background compiles and the collector's helpers, which
// move more between runs). Scenarios: discovery, list, graphql-list, forms (default), viewer, or a path (a public
// GET). The checkout `floor` is the floor (bench/floor.ts; list and forms), counted the same way: the forms list's
// main thread took 1.66 M instructions in Atrium against 1.01 M in the floor at stop 38. Needs valgrind
// (`apt-get install valgrind`); a server takes a minute or two to start under it.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startAtrium, tempDataDir } from './lib.ts';
import { scenarioRequest, seedRequestPath, startFloor } from './request-path.ts';

const scenario = process.argv[2] ?? 'forms';
const FLOOR = 'floor';
const roots = process.argv.slice(3).map((r) => (r === FLOOR ? FLOOR : path.resolve(r)));
if (!roots.length) roots.push(path.resolve(import.meta.dirname, '..'));
const WARM = Number(process.env.BENCH_WARM ?? 5000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3000);

const seeded = await seedRequestPath();
const request = scenarioRequest(scenario, seeded.authorization);
const out = tempDataDir();
// callgrind_control finds a process by a pipe named after its user and host, as valgrind named it from its env.
const user = userInfo().username;
const env = { USER: user, LOGNAME: user, HOST: '127.0.0.1' };

/** Totals of the callgrind dumps in `files` (one per thread with --separate-threads). */
const totalOf = (files: string[]) =>
  files.reduce((sum, f) => sum + Number(/^totals: (\d+)/m.exec(readFileSync(f, 'utf8'))?.[1] ?? 0), 0);

// The floor reads Atrium's database: on the embedded cluster, an Atrium of this checkout keeps it running meanwhile.
const keeper = roots.includes(FLOOR) && !process.env.DATABASE_URL ? await startAtrium(seeded.dir) : undefined;

async function measure(root: string, i: number) {
  const prefix = `cg-${i}`;
  const options = {
    wrapper: [
      'valgrind',
      '--tool=callgrind',
      '--separate-threads=yes',
      `--callgrind-out-file=${out.dir}/${prefix}.%p`,
      `--log-file=${out.dir}/${prefix}.%p.log`,
    ],
    readyMs: 600_000,
  };
  const atrium =
    root === FLOOR
      ? await startFloor(seeded.dir, keeper?.url ?? 'http://127.0.0.1:3000', env, options)
      : await startAtrium(seeded.dir, env, [], { root, ...options });
  try {
    const pid = String(atrium.child.pid);
    const load = async (amount: number) => {
      const { method, headers, body } = request;
      const r = await autocannon({
        url: `${atrium.url}${request.path}`,
        method,
        headers,
        body,
        connections: 4,
        amount,
        timeout: 300, // seconds: under callgrind a request takes some 50 times as long, past autocannon's 10 s
      });
      if (r.non2xx || r.errors) throw new Error(`${root}: ${r.non2xx} answers not 2xx, ${r.errors} errors`);
    };
    await load(WARM);
    execFileSync('callgrind_control', ['-z', pid], { env: { ...process.env, ...env }, stdio: 'ignore' });
    await load(REQUESTS);
    execFileSync('callgrind_control', ['-d', pid], { env: { ...process.env, ...env }, stdio: 'ignore' });
    const dumps = readdirSync(out.dir)
      .filter((f) => f.startsWith(`${prefix}.${pid}.1-`))
      .map((f) => path.join(out.dir, f));
    const main = dumps.filter((f) => f.endsWith('-01'));
    return { root, main: totalOf(main) / REQUESTS, all: totalOf(dumps) / REQUESTS };
  } finally {
    await atrium.stop();
  }
}

try {
  const results = await Promise.all(roots.map(measure));
  const first = results[0]!;
  console.log(`## Instructions per request: ${request.title} (${new Date().toISOString()})\n`);
  console.log(`callgrind, ${WARM} requests to warm up, ${REQUESTS} counted, 4 connections.\n`);
  console.log('| checkout | main thread | against the first | all threads |\n|---|---|---|---|');
  for (const r of results) {
    const against = r === first ? '' : `${((r.main / first.main - 1) * 100).toFixed(1)} %`;
    console.log(
      `| ${r.root} | ${Math.round(r.main).toLocaleString('en')} | ${against} | ${Math.round(r.all).toLocaleString('en')} |`,
    );
  }
} finally {
  await keeper?.stop();
  out.remove();
  seeded.remove();
}
