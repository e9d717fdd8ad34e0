// npx tsx bench/start.ts — how fast `atrium` starts (issue 29: `atrium --help` under 0.5 s, `atrium serve` under 1 s
// to the first 200 on existing data). Runs the compiled server (dist/: built first when it is not current) and, for
// comparison, the sources through tsx as before the build step: `atrium --help` BENCH_RUNS times (default 10) and
// `atrium serve` on a migrated embedded data directory BENCH_STARTS times (default 5), timed from spawn to exit or to
// the first 200 on /wp-json/. Beside the wall time, the CPU the process used: on a shared machine the wall time
// depends on the neighbours, the CPU much less.
import { spawn, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { builtIsCurrent } from '../scripts/built.js';
import { freePort, tempDataDir, withAtrium } from './lib.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const STARTS = Number(process.env.BENCH_STARTS ?? 5);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** CPU ms of this process' waited-for children so far (cutime + cstime, in ticks of 10 ms). */
function childrenCpu(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

interface Timed {
  wall: number;
  cpu: number;
}

/** Spawns `args` and times it to its exit, or to the first 200 of `url` (then stops it). */
async function timed(args: string[], env: NodeJS.ProcessEnv, url?: string): Promise<Timed> {
  const cpuBefore = childrenCpu();
  const started = performance.now();
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let wall: number | undefined;
  if (url) {
    while (wall === undefined) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited before answering`);
      try {
        if ((await fetch(url)).status === 200) wall = performance.now() - started;
      } catch {
        /* not listening yet */
      }
      if (wall === undefined) await sleep(5);
    }
    // The CPU to the first answer: read before stopping it (shutdown is not start-up).
    const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const cpu = (Number(stat[11]) + Number(stat[12])) * 10;
    child.kill('SIGTERM');
    await exited;
    return { wall, cpu };
  }
  await exited;
  return { wall: performance.now() - started, cpu: childrenCpu() - cpuBefore };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const row = (name: string, runs: Timed[], goal: string) => {
  const w = runs.map((r) => r.wall);
  return `| ${name} | ${median(w).toFixed(0)} | ${Math.min(...w).toFixed(0)}–${Math.max(...w).toFixed(0)} | ${median(runs.map((r) => r.cpu)).toFixed(0)} | ${goal} | ${runs.length} |`;
};

if (!builtIsCurrent()) {
  process.stderr.write('… dist/ is not current: npm run build\n');
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
}
const ATRIUM = path.join(ROOT, 'bin/atrium.js');

const data = tempDataDir();
try {
  process.stderr.write('… migrating a data directory\n');
  await withAtrium(data.dir, async () => {});
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: data.dir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    JOBS_ENABLED: 'false',
  };
  delete env.DATABASE_URL;
  const url = `http://127.0.0.1:${port}/wp-json/`;
  const rows: string[] = [];
  // The sources as `atrium` ran them before the build step (tsx compiling at every start), fewer times: they are slow.
  for (const [name, sources, share] of [
    ['built (dist/)', false, 1],
    ['sources through tsx', true, 3],
  ] as const) {
    process.stderr.write(`… ${name}\n`);
    const runEnv = sources ? { ...env, ATRIUM_FROM_SOURCES: '1' } : env;
    await timed([ATRIUM, '--help'], runEnv); // warms the file cache
    const help: Timed[] = [];
    for (let i = 0; i < Math.ceil(RUNS / share); i++) help.push(await timed([ATRIUM, '--help'], runEnv));
    const serve: Timed[] = [];
    for (let i = 0; i < Math.ceil(STARTS / share); i++) serve.push(await timed([ATRIUM, 'serve'], runEnv, url));
    rows.push(
      row(`\`atrium --help\`, ${name}`, help, '< 500'),
      row(`\`atrium serve\` to the first 200, ${name}`, serve, '< 1000'),
    );
  }
  console.log(
    [
      `## Start-up (${new Date().toISOString()}, embedded PostgreSQL, existing data)`,
      '',
      '| run | median ms | range ms | CPU ms (median) | goal ms | runs |',
      '|---|---|---|---|---|---|',
      ...rows,
    ].join('\n'),
  );
} finally {
  data.remove();
}
