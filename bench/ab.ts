// npx tsx bench/ab.ts [scenario] checkoutA checkoutB [...] — node CPU per request of two or more builds, timed on the
// same data in alternating rounds. bench/instructions.ts counts instructions, which are blind to what memory costs
// (a cache miss is one instruction), and the profiler's shares are not what removing a part saves (prom-client read
// 4.8 % of the forms list's profile; switching it off saved 0.2 % of the instructions). Time per request is the
// measure the ratios are made of, but it moves by ±10 % from one run to the next on this 2-core machine: so
// each checkout's built server (`npm run build` there first) is loaded in turn, BENCH_ROUNDS times (default 8) for
// BENCH_SECONDS each (default 3), the order rotated every round, and the medians compared, with each round's ratio to
// the first checkout. Pinned as bench/pin.ts says (a build against itself moved 0.80–1.16 from round to round
// unpinned, 0.91–1.05 pinned). Scenarios: as bench/instructions.ts (default forms), or
// any path for a public GET. Needs wrk and taskset.
import path from 'node:path';
import { startAtrium, type Running } from './lib.ts';
import { pinning } from './pin.ts';
import { scenarioRequest, seedRequestPath } from './request-path.ts';
import { wrk } from './wrk.ts';

const scenario = process.argv[2] ?? 'forms';
const roots = process.argv.slice(3).map((r) => path.resolve(r));
if (roots.length < 2) throw new Error('usage: npx tsx bench/ab.ts [scenario] checkoutA checkoutB [...]');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const pin = pinning();

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

const seeded = await seedRequestPath();
const request = scenarioRequest(scenario, seeded.authorization);
const servers: Running[] = [];
try {
  // One at a time: the first starts the embedded cluster the others then find running.
  for (const root of roots) servers.push(await startAtrium(seeded.dir, {}, [], { root, wrapper: pin.wrapper }));
  pin.moveCluster(seeded.dir);
  const target = (s: Running) => ({ ...request, url: `${s.url}${request.path}` });
  for (const s of servers) await wrk(target(s), s.child.pid!, { seconds: 2, cpus: pin.cpus }); // warm-up: the JIT's tiers settle
  const cpu: number[][] = servers.map(() => []);
  const rps: number[][] = servers.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (let k = 0; k < servers.length; k++) {
      const i = (round + k) % servers.length;
      const s = servers[i]!;
      const r = await wrk(target(s), s.child.pid!, { seconds: SECONDS, cpus: pin.cpus });
      if (r.errors) throw new Error(`${roots[i]}: ${r.errors} errors`);
      cpu[i]!.push(r.node);
      rps[i]!.push(r.rps);
    }
    process.stderr.write(`… round ${round + 1}/${ROUNDS}\n`);
  }
  console.log(`## Node CPU per request: ${request.title} (${new Date().toISOString()})\n`);
  console.log(`wrk -t2 -c32, ${ROUNDS} rounds of ${SECONDS} s per checkout, alternating; ${pin.description}.\n`);
  console.log('| checkout | node CPU ms/req (median) | against the first | per round | req/s (median) |');
  console.log('|---|---|---|---|---|');
  servers.forEach((_, i) => {
    const against = i ? `${((median(cpu[i]!) / median(cpu[0]!) - 1) * 100).toFixed(1)} %` : '';
    const rounds = i ? cpu[i]!.map((c, r) => (c / cpu[0]![r]!).toFixed(2)).join(' ') : '';
    console.log(
      `| ${roots[i]} | ${median(cpu[i]!).toFixed(4)} | ${against} | ${rounds} | ${median(rps[i]!).toFixed(0)} |`,
    );
  });
} finally {
  for (const s of servers) await s.stop();
  seeded.remove();
}
