// npx tsx bench/profile.ts [list|graphql-list|forms|viewer|discovery] — where a request's CPU goes. Seeds the request path's data
// (bench/request-path.ts), starts `atrium serve` under `node --cpu-prof`, loads one scenario with autocannon
// (32 connections, BENCH_SECONDS, default 8), and prints the server's CPU time during the load by where the code lives
// (a package under node_modules, a folder of src/, node's internals, GC), as self time: the cost of the code itself,
// not of what it calls. PROFILE_TOP=n also lists the n costliest functions. The .cpuprofile is kept for Chrome
// DevTools (its path is printed). PROFILE_NODE_ARGS adds node flags to the server (to try V8 settings).
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { cpuOf, databaseCpu, databaseCpuSince, machineCpu, postmasterOf } from './cpu.ts';
import { load, startAtrium } from './lib.ts';
import { scenarioRequest, seedRequestPath } from './request-path.ts';
import { originalOf } from './source-map.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const scenario = process.argv[2] ?? 'list';
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const seeded = await seedRequestPath();
const profileDir = mkdtempSync(path.join(tmpdir(), 'atrium-profile-'));
const extraNodeArgs = (process.env.PROFILE_NODE_ARGS ?? '').split(' ').filter(Boolean);
const atrium = await startAtrium(seeded.dir, {}, [...extraNodeArgs, '--cpu-prof', `--cpu-prof-dir=${profileDir}`]);
let result;
let cpu: Record<'user' | 'system' | 'database' | 'load' | 'machine', number>;
try {
  const request = scenarioRequest(scenario, seeded.authorization);
  await new Promise((r) => setTimeout(r, 1000)); // an idle second before the load: it marks where the load starts
  const postmaster = process.env.DATABASE_URL ? undefined : postmasterOf(seeded.dir);
  const before = {
    ...cpuOf(atrium.child.pid!),
    database: databaseCpu(postmaster),
    load: process.cpuUsage(),
    machine: machineCpu().busy,
  };
  const { path: at, method, headers, body } = request;
  result = await load(`${atrium.url}${at}`, { method, headers, body, seconds });
  const after = { ...cpuOf(atrium.child.pid!), database: databaseCpu(postmaster), machine: machineCpu().busy };
  const generator = process.cpuUsage(before.load);
  cpu = {
    user: after.user - before.user,
    system: after.system - before.system,
    database: databaseCpuSince(before.database, after.database),
    load: (generator.user + generator.system) / 1000,
    machine: after.machine - before.machine,
  };
  await new Promise((r) => setTimeout(r, 1000)); // and one after
} finally {
  await atrium.stop();
  seeded.remove();
}

const file = path.join(
  profileDir,
  readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'))!,
);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));

/** A frame's file and line: its source's through the bundle's source maps (dist/), else the frame's own. */
function sourceOf(frame: ProfileNode['callFrame']): { url: string; line: number } {
  const original = originalOf(frame);
  return original ? { url: original.source, line: original.line } : { url: frame.url, line: frame.lineNumber + 1 };
}

/** Where a function lives: a package, a folder of src/, node's internals, or V8's own entries such as GC. */
function placeOf(node: ProfileNode): string {
  const { functionName } = node.callFrame;
  const { url } = sourceOf(node.callFrame);
  if (!url) return functionName || '(anonymous)';
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  const src = /\/(src|bench)\/(.+)\/[^/]+$/.exec(url);
  if (src) return `${src[1]}/${src[2]}`;
  return url.replace(/^file:\/\//, '');
}

// The load's window: the busiest stretch of `seconds` (the idle seconds around it hold only "(idle)" samples).
const times: number[] = [];
let t = 0;
for (const d of profile.timeDeltas) times.push((t += d));
const busy = profile.samples.map((id) => byId.get(id)!.callFrame.functionName !== '(idle)');
let best = { start: 0, count: -1 };
for (let i = 0, j = 0, count = 0; i < times.length; i++) {
  if (busy[i]) count++;
  while (times[i]! - times[j]! > seconds * 1e6) if (busy[j++]) count--;
  if (count > best.count) best = { start: j, count };
}
const windowStart = times[best.start]!;
const self = new Map<string, number>();
const fns = new Map<string, number>();
let total = 0;
for (let i = best.start; i < times.length && times[i]! - windowStart <= seconds * 1e6; i++) {
  const node = byId.get(profile.samples[i]!)!;
  const dt = profile.timeDeltas[i + 1] ?? 0;
  total += dt;
  const place = placeOf(node);
  self.set(place, (self.get(place) ?? 0) + dt);
  const { url, line } = sourceOf(node.callFrame);
  const fn = `${node.callFrame.functionName || '(anonymous)'} ${url.includes('/src/') ? url.slice(url.lastIndexOf('/src/') + 1) : place}:${line}`;
  fns.set(fn, (fns.get(fn) ?? 0) + dt);
}

const requests = result.rps * seconds;
const idle = self.get('(idle)') ?? 0;
console.log(`## ${scenario}: ${result.rps.toFixed(0)} req/s, p99 ${result.p99} ms`);
console.log(
  `CPU per request (from /proc): Atrium ${(cpu.user / requests).toFixed(3)} ms user + ${(cpu.system / requests).toFixed(3)} ms system; ` +
    `PostgreSQL ${(cpu.database / requests).toFixed(3)} ms; the load generator ${(cpu.load / requests).toFixed(3)} ms; ` +
    `these ${(((cpu.user + cpu.system + cpu.database + cpu.load) / (seconds * 1000 * cpus().length)) * 100).toFixed(0)} % of ${cpus().length} cores; ` +
    `the machine ${((cpu.machine / (seconds * 1000 * cpus().length)) * 100).toFixed(0)} % busy (the rest is other work on it)`,
);
console.log(
  `main thread per request (from the profile, which counts time off the CPU inside a call too): ${((total - idle) / 1000 / requests).toFixed(3)} ms, ${((100 * idle) / total).toFixed(1)} % idle`,
);
console.log('\n| self time | % of busy | ms per request |\n|---|---|---|');
const rows = [...self].filter(([k]) => k !== '(idle)').sort((a, b) => b[1] - a[1]);
for (const [place, us] of rows.slice(0, 25)) {
  console.log(`| ${place} | ${((100 * us) / (total - idle)).toFixed(1)} | ${(us / 1000 / requests).toFixed(4)} |`);
}
const top = Number(process.env.PROFILE_TOP ?? 0);
if (top) {
  console.log('\n| function | % of busy |\n|---|---|');
  for (const [fn, us] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`| ${fn} | ${((100 * us) / (total - idle)).toFixed(1)} |`);
}
console.log(`\nprofile: ${file}`);
