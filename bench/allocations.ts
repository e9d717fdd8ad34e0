// npx tsx bench/allocations.ts [list|graphql-list|forms|viewer ...] — how many bytes a request allocates, and where.
// CPU time per request varies by ±20 % from one run to the next on a shared 2-core machine; the bytes a request
// allocates barely move, and every allocated byte is later work for the young-generation collector (issue 29: a
// list's scavenges took 4–12 ms each under load, a pause every request in flight waits out). Atrium runs the built
// bundle with bench/allocation-probe.mjs preloaded; each scenario is loaded for a warm-up, then sampled over
// BENCH_SECONDS (default 5) by V8's sampling heap profiler counting what the collections free too. Reported: kB
// allocated per request and the src/ functions that allocate the most (the innermost src/ frame of each sample, read
// through the bundle's source maps; "outside src/" is what no Atrium frame is on the stack of). ALLOCATION_TOP=n
// lists n of them (default 8). The figures are sampled (one sample per 4 kB): read differences under 2 % as none.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { load, startAtrium, tempDataDir } from './lib.ts';
import { originalOf } from './source-map.ts';
import { scenarioRequest, seedRequestPath } from './request-path.ts';

interface HeapNode {
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  selfSize: number;
  children: HeapNode[];
}

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const top = Number(process.env.ALLOCATION_TOP ?? 8);
const chosen = process.argv.slice(2);
const seeded = await seedRequestPath();
const out = tempDataDir();
const profileFile = path.join(out.dir, 'allocations.heapprofile');
const probe = path.join(import.meta.dirname, 'allocation-probe.mjs');
const atrium = await startAtrium(seeded.dir, { ALLOCATION_PROFILE: profileFile }, ['--import', probe]);

const names = chosen.length ? chosen : ['list', 'graphql-list', 'forms', 'viewer'];
const scenarios = names.map((n) => scenarioRequest(n, seeded.authorization)); // refuses an unknown name first

/** The src/ file and line of a bundle frame, or null for a frame outside Atrium's sources. */
function sourceOf(frame: HeapNode['callFrame']): string | null {
  const original = originalOf(frame);
  if (!original || original.source.includes('node_modules/')) return null;
  const at = original.source.lastIndexOf('/src/');
  return at < 0 ? null : `${original.source.slice(at + 1)}:${original.line}`;
}

/** Sampled bytes by the innermost src/ frame above each allocation. */
function bySource(root: HeapNode): { total: number; owners: Map<string, number> } {
  const owners = new Map<string, number>();
  let total = 0;
  const walk = (node: HeapNode, owner: string) => {
    const here = sourceOf(node.callFrame);
    const name = here ? `${node.callFrame.functionName || '(anonymous)'} ${here}` : owner;
    if (node.selfSize) {
      total += node.selfSize;
      owners.set(name, (owners.get(name) ?? 0) + node.selfSize);
    }
    for (const child of node.children) walk(child, name);
  };
  walk(root, 'outside src/');
  return { total, owners };
}

const lines = [`## Bytes allocated per request (${new Date().toISOString()}, ${seconds} s sampled per scenario)`, ''];
try {
  for (const scenario of scenarios) {
    const { title, path: at, method, headers, body } = scenario;
    const run = (s: number) => load(`${atrium.url}${at}`, { method, headers, body, seconds: s });
    process.stderr.write(`… ${title}\n`);
    await run(2);
    atrium.child.kill('SIGUSR1');
    await new Promise((r) => setTimeout(r, 200));
    const result = await run(seconds);
    atrium.child.kill('SIGUSR2');
    let profile: { head: HeapNode } | undefined;
    for (let i = 0; i < 100 && !profile; i++) {
      await new Promise((r) => setTimeout(r, 100));
      try {
        profile = JSON.parse(readFileSync(profileFile, 'utf8'));
      } catch {
        // not written (or not whole) yet
      }
    }
    if (!profile) throw new Error('the probe wrote no profile');
    rmSync(profileFile);
    const { total, owners } = bySource(profile.head);
    const kb = (bytes: number) => (bytes / 1024 / result.requests).toFixed(1);
    lines.push(
      `### ${title}: **${kb(total)} kB** per request (${result.requests} requests, ${result.non2xx + result.errors} not 2xx)`,
      '',
      '| kB per request | innermost src/ function |',
      '|---|---|',
      ...[...owners]
        .sort((a, b) => b[1] - a[1])
        .slice(0, top)
        .map(([name, bytes]) => `| ${kb(bytes)} | ${name} |`),
      '',
    );
  }
} finally {
  await atrium.stop();
  seeded.remove();
  out.remove();
}
console.log(lines.join('\n'));
