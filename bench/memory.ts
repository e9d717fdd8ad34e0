// npx tsx bench/memory.ts — does Atrium's memory grow under load and stay grown? Rounds of 10 s at 200 connections on
// an authenticated REST list and a GraphQL query, reading the server's own /metrics after each round and after
// idle pauses: resident set (RSS), V8 heap used and total. A leak grows the heap used round after round; memory the
// allocator keeps for reuse shows as RSS that plateaus while the heap used returns to its level.
// BENCH_ROUNDS (default 3), BENCH_SECONDS (default 10); DATABASE_URL benches against a PostgreSQL server.
import autocannon from 'autocannon';
import { createAppPassword } from '../src/platform/auth/app-passwords.ts';
import { startAtrium, tempDataDir, withAtrium } from './lib.ts';

const TOKEN = 'bench-memory-metrics-token';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const data = tempDataDir();

const authorization = await withAtrium(data.dir, async (atrium) => {
  const admin = await atrium.platform.prisma.user.findFirstOrThrow({ where: { username: 'admin' } });
  for (let i = 0; i < 500; i++) {
    await atrium.platform.prisma.mailerSubscriber.create({ data: { email: `s${i}@example.com`, status: 'subscribed', source: 'bench', createdAt: new Date(), updatedAt: new Date() } });
  }
  return `Basic ${Buffer.from(`admin:${(await createAppPassword(atrium.platform, admin.id, 'bench')).password}`).toString('base64')}`;
});
const atrium = await startAtrium(data.dir, { METRICS_TOKEN: TOKEN });

async function sample(label: string) {
  const text = await (await fetch(`${atrium.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).text();
  const mb = (name: string) => Math.round(Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? 0) / 1048576);
  console.log(`| ${label} | ${mb('atrium_process_resident_memory_bytes')} | ${mb('atrium_nodejs_heap_size_used_bytes')} | ${mb('atrium_nodejs_heap_size_total_bytes')} |`);
}

try {
  console.log('| moment | RSS MB | heap used MB | heap total MB |\n|---|---|---|---|');
  await sample('idle after start');
  for (let round = 1; round <= ROUNDS; round++) {
    await autocannon({
      url: atrium.url, connections: 200, duration: SECONDS,
      requests: [
        { method: 'GET', path: '/wp-json/mailer/v1/subscribers?per_page=20', headers: { authorization } },
        { method: 'POST', path: '/graphql', headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ viewer { loggedIn user { id } } }' }) },
      ],
    });
    await sample(`after round ${round}`);
  }
  for (const pause of [10, 30]) {
    await new Promise((r) => setTimeout(r, pause * 1000));
    await sample(`idle ${pause} s later`);
  }
} finally {
  await atrium.stop();
  data.remove();
}
