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
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { load, startAtrium, tempDataDir } from './lib.ts';
import { FORMS_LIST, GRAPHQL_LIST, LIST, seedRequestPath, VIEWER } from './request-path.ts';

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

const auth = { Authorization: seeded.authorization };
const post = (body: string) => ({
  method: 'POST' as const,
  headers: { ...auth, 'Content-Type': 'application/json' },
  body,
});
const scenarios: Record<string, { name: string; run: (s: number) => ReturnType<typeof load> }> = {
  list: { name: `REST ${LIST}`, run: (s) => load(`${atrium.url}${LIST}`, { headers: auth, seconds: s }) },
  'graphql-list': {
    name: 'the list over GraphQL',
    run: (s) => load(`${atrium.url}/graphql`, { ...post(GRAPHQL_LIST), seconds: s }),
  },
  forms: { name: `public ${FORMS_LIST}`, run: (s) => load(`${atrium.url}${FORMS_LIST}`, { seconds: s }) },
  viewer: {
    name: 'GraphQL { viewer { user { id } } }',
    run: (s) => load(`${atrium.url}/graphql`, { ...post(VIEWER), seconds: s }),
  },
};
const names = chosen.length ? chosen : Object.keys(scenarios);
for (const n of names)
  if (!scenarios[n]) throw new Error(`unknown scenario ${n}: one of ${Object.keys(scenarios).join(', ')}`);

const maps = new Map<string, SourceMap | null>();
/** The src/ file and line of a bundle frame, or null for a frame outside Atrium's sources. */
function sourceOf({ url, lineNumber, columnNumber }: HeapNode['callFrame']): string | null {
  if (!url.startsWith('file://') || !url.endsWith('.js')) return null;
  const file = fileURLToPath(url);
  let map = maps.get(file);
  if (map === undefined) {
    try {
      map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
    } catch {
      map = null;
    }
    maps.set(file, map);
  }
  const entry = map?.findEntry(lineNumber, columnNumber) as
    { originalSource?: string; originalLine?: number } | undefined;
  const source = entry?.originalSource;
  if (!source || source.includes('node_modules/')) return null;
  const at = source.lastIndexOf('/src/');
  return at < 0 ? null : `${source.slice(at + 1)}:${entry!.originalLine! + 1}`;
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
  for (const n of names) {
    const scenario = scenarios[n]!;
    process.stderr.write(`… ${scenario.name}\n`);
    await scenario.run(2);
    atrium.child.kill('SIGUSR1');
    await new Promise((r) => setTimeout(r, 200));
    const result = await scenario.run(seconds);
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
      `### ${scenario.name}: **${kb(total)} kB** per request (${result.requests} requests, ${result.non2xx + result.errors} not 2xx)`,
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
