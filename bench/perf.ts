// npx tsx bench/perf.ts [scenario] [checkout] — where a request's CPU goes, sampled on the CPU by Linux perf. V8's own
// profiler (bench/profile.ts) samples the main thread's wall time and names only JavaScript: on the forms list it put
// 4.8 % in prom-client, which switching metrics off did not save (bench/ab.ts, bench/instructions.ts). perf samples
// only while the thread runs, sees V8's builtins, its collector and the kernel, and with node's --perf-basic-prof
// names JIT-compiled functions too. Each sample's cost goes to the first JavaScript frame on its stack, so a
// megamorphic property lookup (`Builtins_KeyedLoadIC_Megamorphic`) counts against the function that did it; the
// builtins themselves are listed apart (PERF_BUILTINS=n). The server runs pinned to the last core, wrk and PostgreSQL
// to the others (bench/pin.ts), warmed for 5 s, then sampled for BENCH_SECONDS (default 8) at 4 kHz. Scenarios: as
// bench/instructions.ts (default forms). The checkout `floor` profiles the floor (bench/floor.ts; list and forms) the
// same way, to read both side by side. Last, the samples spent in V8's slow object paths (a dictionary-mode object's
// lookups and stores, a hidden class made or migrated, a megamorphic access), by the JavaScript function that
// paid them: how every response turning into a dictionary showed (stop 39, docs/performance.md).
// PERF_SCRIPT=file keeps every sampled stack (`perf script`'s text). Needs perf (`apt-get install linux-perf`) and wrk.
import { execFileSync, spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startAtrium, tempDataDir } from './lib.ts';
import { pinning } from './pin.ts';
import { scenarioRequest, seedRequestPath, startFloor } from './request-path.ts';
import { wrk } from './wrk.ts';

const scenario = process.argv[2] ?? 'forms';
const FLOOR = 'floor';
const floor = process.argv[3] === FLOOR;
// The floor is profiled beside an Atrium of this checkout (it reads that Atrium's database).
const root = path.resolve(!floor && process.argv[3] ? process.argv[3] : path.join(import.meta.dirname, '..'));
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const top = Number(process.env.PERF_TOP ?? 40);
const pin = pinning();
// V8's frames below a JavaScript function that mean an object took a slow path.
const SLOW_PATH =
  /Dictionary|Map::Normalize|MigrateToMap|Map::RawCopy|Megamorphic|Runtime_KeyedStoreIC_Slow|Runtime::SetObjectProperty/;

const seeded = await seedRequestPath();
const out = tempDataDir();
const data = path.join(out.dir, 'perf.data');
// The floor reads Atrium's database: on the embedded cluster, an Atrium of this checkout keeps it running meanwhile.
const atrium = await startAtrium(seeded.dir, {}, ['--perf-basic-prof'], { root, wrapper: pin.wrapper });
pin.moveCluster(seeded.dir);
const measured = floor
  ? await startFloor(seeded.dir, atrium.url, { NODE_OPTIONS: '--perf-basic-prof' }, { wrapper: pin.wrapper })
  : atrium;
const pid = measured.child.pid!;
try {
  const request = scenarioRequest(scenario, seeded.authorization);
  const target = { ...request, url: `${measured.url}${request.path}` };
  await wrk(target, pid, { seconds: 5, cpus: pin.cpus });
  const perf = spawn('perf', ['record', '-e', 'cpu-clock', '-F', '4000', '-g', '-p', String(pid), '-o', data], {
    stdio: 'ignore',
  });
  await new Promise((r) => setTimeout(r, 500));
  const result = await wrk(target, pid, { seconds, cpus: pin.cpus });
  perf.kill('SIGINT');
  await new Promise((r) => perf.once('exit', r));
  const script = execFileSync('perf', ['script', '-i', data], { maxBuffer: 1 << 30, encoding: 'utf8' });
  if (process.env.PERF_SCRIPT) writeFileSync(process.env.PERF_SCRIPT, script); // every stack, to read further

  // perf script: a header line per sample, then one indented line per frame, innermost first.
  const byFunction = new Map<string, number>();
  const builtins = new Map<string, number>();
  const slow = new Map<string, number>();
  let samples = 0;
  for (const block of script.split('\n\n')) {
    const frames = block
      .split('\n')
      .slice(1)
      .map((l) => /^\s+[0-9a-f]+ (.*?)(?:\+0x[0-9a-f]+)? \(/.exec(l)?.[1])
      .filter((f): f is string => !!f);
    if (!frames.length) continue;
    samples++;
    const gc = frames.slice(0, 8).some((f) => /Scavenge|MarkCompact|Heap::|ConcurrentMarking/.test(f));
    const js = frames.find((f) => f.startsWith('JS:'));
    const owner = gc ? '(garbage collection)' : (js?.replace(/^JS:[*~^]?/, '') ?? `(no JavaScript) ${frames[0]}`);
    byFunction.set(owner, (byFunction.get(owner) ?? 0) + 1);
    if (frames[0]!.startsWith('Builtins_')) builtins.set(frames[0]!, (builtins.get(frames[0]!) ?? 0) + 1);
    const below = js ? frames.slice(0, frames.indexOf(js)) : [];
    if (below.some((f) => SLOW_PATH.test(f))) slow.set(owner, (slow.get(owner) ?? 0) + 1);
  }
  const share = (n: number) => ((100 * n) / samples).toFixed(2).padStart(6);
  const where = (f: string) => f.replace(`file://${root}/`, '');
  console.log(
    `## ${scenario} on ${floor ? FLOOR : root}: ${result.rps.toFixed(0)} req/s, node CPU ${result.node.toFixed(3)} ms/req`,
  );
  console.log(`${samples} samples; % of the server's on-CPU time, by the first JavaScript frame of each sample.\n`);
  for (const [f, n] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${share(n)} ${where(f)}`);
  console.log('\nV8 builtins as the innermost frame:');
  for (const [f, n] of [...builtins].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.PERF_BUILTINS ?? 8)))
    console.log(`${share(n)} ${f}`);
  console.log(
    '\nV8 slow object paths (dictionary objects, hidden classes made or migrated, megamorphic access), by function:',
  );
  for (const [f, n] of [...slow].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.PERF_SLOW ?? 12)))
    console.log(`${share(n)} ${where(f)}`);
  console.log(
    '\nFunctions are named as the bundle names them (dist/…:line): read a line with `sed -n LINEp dist/FILE`.',
  );
} finally {
  if (measured !== atrium) await measured.stop();
  await atrium.stop();
  rmSync(`/tmp/perf-${pid}.map`, { force: true });
  out.remove();
  seeded.remove();
}
