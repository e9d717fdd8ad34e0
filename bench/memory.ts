// npx tsx bench/memory.ts — does Atrium's memory grow under load? Issue 16's test: the resident set (RSS) after
// 100,000 requests must be within 10 % of the RSS after 10,000. Requests alternate an authenticated REST list and a
// GraphQL query at 32 connections; the server's own /metrics is read at 10k, 25k, 50k, 75k and 100k requests, and
// at 10k and 100k again after an idle pause (BENCH_SETTLE_SECONDS, default 30) ended by a full collection
// (bench/gc-probe.mjs): RSS, V8 heap used and total. A leak grows the heap used step after step; memory the allocator
// keeps for reuse shows as RSS that plateaus while the heap used returns to its level.
// BENCH_REQUESTS (default 100000) scales the run; DATABASE_URL benches against a PostgreSQL server.
import autocannon from 'autocannon';
import { createAppPassword } from '../src/platform/auth/app-passwords.ts';
import { SYSTEM } from '../src/platform/principal.ts';
import path from 'node:path';
import { startAtrium, tempDataDir, withAtrium } from './lib.ts';

const TOKEN = 'bench-memory-metrics-token';
const TOTAL = Number(process.env.BENCH_REQUESTS ?? 100_000);
const STEPS = [0.1, 0.25, 0.5, 0.75, 1].map((f) => Math.round(TOTAL * f));
// Under load V8 lets garbage pile up in the old generation until its next major collection, so a sample taken while
// requests run lands anywhere on that saw-tooth (±25 % between two runs of this script). The budget compares the
// floor: each end of the run is sampled again after an idle pause and a full collection (the idle collector alone
// did not always run within the pause).
const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE_SECONDS ?? 30);
const data = tempDataDir();

const authorization = await withAtrium(data.dir, async (atrium) => {
  const admin = await atrium.platform.prisma.user.findFirstOrThrow({ where: { username: 'admin' } });
  for (let i = 0; i < 500; i++) {
    await atrium.platform.prisma.mailerSubscriber.create({
      data: {
        email: `s${i}@example.com`,
        status: 'subscribed',
        source: 'bench',
        createdAt: new Date(),
        updatedAt: new Date(),
      },
    });
  }
  return `Basic ${Buffer.from(`admin:${(await createAppPassword(atrium.platform, SYSTEM, { name: 'bench', userId: admin.id })).password}`).toString('base64')}`;
});
const atrium = await startAtrium(data.dir, { METRICS_TOKEN: TOKEN }, [
  '--expose-gc',
  '--import',
  path.join(import.meta.dirname, 'gc-probe.mjs'),
]);

/** Heap used (MB) of the settled samples, by step: the leak test, where RSS also holds pages V8 keeps committed. */
const heapSettled = new Map<number, number>();
async function sample(label: string, step?: number): Promise<number> {
  const text = await (await fetch(`${atrium.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).text();
  const mb = (name: string) => Math.round(Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? 0) / 1048576);
  console.log(
    `| ${label} | ${mb('atrium_process_resident_memory_bytes')} | ${mb('atrium_nodejs_heap_size_used_bytes')} | ${mb('atrium_nodejs_heap_size_total_bytes')} |`,
  );
  if (step !== undefined) heapSettled.set(step, mb('atrium_nodejs_heap_size_used_bytes'));
  return mb('atrium_process_resident_memory_bytes');
}

try {
  console.log('| moment | RSS MB | heap used MB | heap total MB |\n|---|---|---|---|');
  await sample('idle after start');
  const rss = new Map<number, number>();
  const settled = new Map<number, number>();
  let sent = 0;
  for (const step of STEPS) {
    await autocannon({
      url: atrium.url,
      connections: 32,
      amount: step - sent,
      requests: [
        { method: 'GET', path: '/wp-json/mailer/v1/subscribers?per_page=20', headers: { authorization } },
        {
          method: 'POST',
          path: '/graphql',
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify({ query: '{ viewer { loggedIn user { id } } }' }),
        },
      ],
    });
    sent = step;
    rss.set(step, await sample(`after ${step.toLocaleString('en')} requests`));
    if (step === STEPS[0] || step === TOTAL) {
      await new Promise((r) => setTimeout(r, SETTLE_SECONDS * 1000));
      atrium.child.kill('SIGUSR2');
      await new Promise((r) => setTimeout(r, 1000));
      settled.set(
        step,
        await sample(
          `after ${step.toLocaleString('en')} requests, ${SETTLE_SECONDS} s idle and a full collection`,
          step,
        ),
      );
    }
  }
  const growth = (m: Map<number, number>) => `${((m.get(TOTAL)! / m.get(STEPS[0]!)! - 1) * 100).toFixed(1)} %`;
  console.log(
    `\nRSS after ${TOTAL.toLocaleString('en')} requests vs after ${STEPS[0]!.toLocaleString('en')}, each after ${SETTLE_SECONDS} s idle and a full collection: ${growth(settled)} (budget: 10 %)`,
  );
  console.log(`The same under load, wherever the collector's cycle happened to be: ${growth(rss)}`);
  console.log(
    `Heap used after the full collections: ${heapSettled.get(STEPS[0]!)} MB and ${heapSettled.get(TOTAL)} MB (${growth(heapSettled)}): a leak grows this; RSS also counts the heap pages V8 keeps committed for reuse`,
  );
} finally {
  await atrium.stop();
  data.remove();
}
