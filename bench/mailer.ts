// Campaign benchmark (issue 28): one campaign to BENCH_RECIPIENTS subscribers (default 10,000) sent by Atrium's job
// engine on one instance and on two (`atrium serve` processes), against the baseline of a plain nodemailer loop — a
// pooled transport, the same rendered messages, the same SMTP server — measured in the same run. The SMTP server
// only counts, in a process of its own (bench/smtp-sink.ts); the database is a new one on the PostgreSQL server of
// DATABASE_URL, made for the run and dropped after (whatever database the URL names, the run never touches it).
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/atrium_bench_mailer node --import tsx bench/mailer.ts
//   (BENCH_RECIPIENTS, BENCH_INSTANCES=1,2, BENCH_LOOP_WINDOW=100; the instances take MAILER_* and SMTP_POOL_SIZE)
// For each run: messages/s from the campaign's start (its audience frozen) to its status `sent`, the ratio to the
// loop, CPU ms per message of the senders and of PostgreSQL (every postgres process of the machine), and each
// instance's V8 heap used, read from its /metrics once a second during the send (flat, or growing with the list).
import { fork } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { campaignMessage, type CampaignContent } from '../src/modules/mailer/send/message.ts';
import { extractLinks } from '../src/modules/mailer/send/render.ts';
import { linkSecret } from '../src/modules/mailer/send/tokens.ts';
import { sendCampaign } from '../src/modules/mailer/service/campaigns.ts';
import type { Platform } from '../src/platform/platform.ts';
import { cpuOf, databaseCpu, databaseCpuSince, machineCpu } from './cpu.ts';
import { seedReaders } from './mailer-readers.ts';
import { runDatabase, startAtrium, tempDataDir, withAtrium, type Running } from './lib.ts';

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 10_000);
const INSTANCES = (process.env.BENCH_INSTANCES ?? '1,2').split(',').map(Number);
const POOL = Number(process.env.SMTP_POOL_SIZE ?? 5);
const WINDOW = Number(process.env.BENCH_LOOP_WINDOW ?? 100);
/** BENCH_PROFILE=<dir>: the one-instance run under node --cpu-prof, its .cpuprofile written there. */
const profileArgs = (count: number) =>
  process.env.BENCH_PROFILE && count === 1 ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
const step = (what: string) => process.stderr.write(`… ${what}\n`);
const mb = (n: number) => (n / 1024 / 1024).toFixed(0);

/** The counting SMTP server in its own process. */
async function startSink() {
  const child = fork(path.join(import.meta.dirname, 'smtp-sink.ts'), [], { execArgv: ['--import', 'tsx'] });
  const port = await new Promise<number>((resolve) => child.once('message', (m: { port: number }) => resolve(m.port)));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () =>
      new Promise<number>((resolve) => {
        child.once('message', (m: { received: number }) => resolve(m.received));
        child.send('count');
      }),
    stop: () => new Promise<void>((resolve) => (child.once('exit', () => resolve()), child.disconnect())),
  };
}

const HTML = `<html><body><h1>Hello {{first_name|reader}}</h1>
<p>This month's letter: three articles, one event and a short note from the team.</p>
<p><a href="https://example.org/articles/1">The first article</a> · <a href="https://example.org/articles/2">The second</a>
· <a href="https://example.org/events/7">The event</a></p><p>See you soon.</p></body></html>`;

const createCampaign = (platform: Platform, listId: number, name: string) => {
  const now = platform.clock.now();
  return platform.prisma.mailerCampaign.create({
    data: {
      name,
      subject: 'Hello {{first_name|reader}}, the monthly letter',
      html: HTML,
      text: 'Hi {{first_name}}, this month: https://example.org/articles/1',
      fromName: 'Bench',
      fromEmail: 'letters@bench.test',
      listIds: [listId],
      createdAt: now,
      updatedAt: now,
    },
  });
};

interface Result {
  name: string;
  sent: number;
  seconds: number;
  setupSeconds?: number;
  cpuMs: number;
  dbCpuMs: number;
  heap?: number[][];
  /** Committed transactions of the database during the send (statements outside a transaction count one each). */
  transactions?: number;
  received: number;
}

/** The baseline: for each subscriber, render Atrium's message and send it on a pooled nodemailer transport, WINDOW
 *  messages in flight (a loop awaiting each send would measure one connection's round trips, not the pool). */
async function loop(platform: Platform, listId: number, sink: Awaited<ReturnType<typeof startSink>>): Promise<Result> {
  const campaign = await createCampaign(platform, listId, 'Loop');
  const content: CampaignContent = {
    id: campaign.id,
    subject: campaign.subject,
    html: campaign.html,
    text: campaign.text,
    links: extractLinks(campaign.html),
    fromName: campaign.fromName,
    fromEmail: campaign.fromEmail,
  };
  const secret = await linkSecret(platform);
  const rows = await platform.sql
    .selectFrom('mailer_subscribers')
    .select(['id', 'email', 'first_name'])
    .orderBy('id')
    .execute();
  const transport = nodemailer.createTransport(
    { url: sink.url, pool: true, maxConnections: POOL },
    { from: platform.mail.defaultFrom },
  );
  const before = await sink.received();
  const db = databaseCpu();
  const cpu = process.cpuUsage();
  const started = performance.now();
  let next = 0;
  let sent = 0;
  const sender = async () => {
    while (next < rows.length) {
      const r = rows[next++]!;
      const message = campaignMessage(platform, secret, content, { id: r.id, email: r.email, firstName: r.first_name });
      const info = await transport.sendMail({ from: platform.mail.defaultFrom, ...message });
      if (info.accepted.length) sent++;
    }
  };
  await Promise.all(Array.from({ length: WINDOW }, sender));
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  transport.close();
  return {
    name: `nodemailer loop (pool of ${POOL}, ${WINDOW} in flight)`,
    sent,
    seconds,
    cpuMs: (used.user + used.system) / 1000,
    dbCpuMs: databaseCpuSince(db, databaseCpu()),
    received: (await sink.received()) - before,
  };
}

const METRICS_TOKEN = 'bench-mailer-metrics-token';

/** The instance's V8 heap used, or nothing when the sample failed (a kept-alive connection reset: skip it). */
async function heapOf(instance: Running): Promise<number | undefined> {
  try {
    const res = await fetch(`${instance.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
    return Number(/^atrium_nodejs_heap_size_used_bytes (\S+)/m.exec(await res.text())?.[1]);
  } catch {
    return undefined;
  }
}

const cpuMsOf = (instances: Running[]) =>
  instances.reduce((sum, i) => {
    const c = cpuOf(i.child.pid!);
    return sum + c.user + c.system;
  }, 0);

async function commitsOf(platform: Platform): Promise<number> {
  const rows = await platform.prisma.$queryRaw<{ n: number }[]>`
    SELECT xact_commit::int AS n FROM pg_stat_database WHERE datname = current_database()`;
  return rows[0]!.n;
}

/** A campaign sent by `count` instances' workers (this process only starts it and watches). */
async function atrium(
  platform: Platform,
  listId: number,
  dataDir: string,
  databaseUrl: string,
  sink: Awaited<ReturnType<typeof startSink>>,
  count: number,
): Promise<Result> {
  const instances = await Promise.all(
    Array.from({ length: count }, () =>
      startAtrium(
        dataDir,
        { DATABASE_URL: databaseUrl, SMTP_URL: sink.url, JOBS_ENABLED: 'false', METRICS_TOKEN },
        profileArgs(count),
      ),
    ),
  );
  try {
    const campaign = await createCampaign(platform, listId, `Atrium ×${count}`);
    const before = await sink.received();
    const db = databaseCpu();
    const cpu = cpuMsOf(instances);
    const commits = await commitsOf(platform);
    let polls = 0;
    const t0 = performance.now();
    await sendCampaign(platform, campaign.id); // freezes the audience and adds the lanes' first jobs
    const t1 = performance.now();
    const heap: number[][] = instances.map(() => []);
    let lastSample = 0;
    for (;;) {
      const row = await platform.prisma.mailerCampaign.findUniqueOrThrow({
        where: { id: campaign.id },
        select: { status: true },
      });
      polls++;
      if (row.status !== 'sending') break;
      if (performance.now() - lastSample >= 1000) {
        lastSample = performance.now();
        const sampled = await Promise.all(instances.map(heapOf));
        sampled.forEach((h, i) => h !== undefined && heap[i]!.push(h));
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const seconds = (performance.now() - t1) / 1000;
    const used = cpuMsOf(instances) - cpu;
    const sent = await platform.prisma.mailerRecipient.count({ where: { campaignId: campaign.id, status: 'sent' } });
    await new Promise((r) => setTimeout(r, 1500)); // PostgreSQL publishes its counters within a second
    const transactions = (await commitsOf(platform)) - commits - polls - 2;
    return {
      transactions,
      name: `Atrium, ${count} instance${count > 1 ? 's' : ''} (lanes ${platform.config.mailer.lanes}, batch ${platform.config.mailer.batchSize}, ${process.env.JOBS_CONCURRENCY ?? 4} workers, ${process.env.SMTP_THREADS ?? 1} mail threads, pool of ${POOL} each)`,
      sent,
      seconds,
      setupSeconds: (t1 - t0) / 1000,
      cpuMs: used,
      dbCpuMs: databaseCpuSince(db, databaseCpu()),
      heap,
      received: (await sink.received()) - before,
    };
  } finally {
    await Promise.all(instances.map((i) => i.stop()));
  }
}

/** Heap used at 10 %, 50 % and 90 % of the send, and the most, per instance (MB). */
function heapText(heap: number[][] | undefined): string {
  if (!heap) return '';
  return heap
    .map((s) => {
      const at = (p: number) => mb(s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN);
      return `${at(0.1)} / ${at(0.5)} / ${at(0.9)} / max ${mb(Math.max(...s))} (${s.length})`;
    })
    .join('; ');
}

async function main() {
  if (!process.env.DATABASE_URL)
    throw new Error('Set DATABASE_URL to a PostgreSQL server (a database is created for the run and dropped after).');
  const database = await runDatabase(process.env.DATABASE_URL, 'atrium_bench_mailer');
  const data = tempDataDir();
  const sink = await startSink();
  const uptime = () =>
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`;
  const machine = machineCpu();
  const results: Result[] = [];
  try {
    await withAtrium(
      data.dir,
      async ({ platform }) => {
        step(`seeding ${RECIPIENTS} subscribers (${uptime()})`);
        const listId = await seedReaders(platform, RECIPIENTS);
        step('the nodemailer loop');
        results.push(await loop(platform, listId, sink));
        for (const count of INSTANCES) {
          step(`Atrium on ${count} instance(s) (${uptime()})`);
          results.push(await atrium(platform, listId, data.dir, database.url, sink, count));
        }
      },
      // this process starts campaigns; the instances send them
      { DATABASE_URL: database.url, SMTP_URL: sink.url, JOBS_CONCURRENCY: '0' },
    );
  } finally {
    await sink.stop();
    data.remove();
    await database.drop();
  }
  const after = machineCpu();
  const busy = (after.busy - machine.busy) / (after.total - machine.total);
  const loopRate = results[0]!.sent / results[0]!.seconds;
  console.log(`## Campaign sending: ${RECIPIENTS} recipients, PostgreSQL server, SMTP sink in its own process\n`);
  console.log(
    '| sender | sent (sink received) | s | msg/s | ratio to loop | sender CPU ms/msg | PostgreSQL CPU ms/msg | transactions per 100 msg | heap used MB at 10 / 50 / 90 % of the send, max (samples) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    const rate = r.sent / r.seconds;
    console.log(
      `| ${r.name} | ${r.sent} (${r.received}) | ${r.seconds.toFixed(1)}${r.setupSeconds ? ` (+${r.setupSeconds.toFixed(1)} freezing)` : ''} | **${rate.toFixed(0)}** | ${(rate / loopRate).toFixed(2)} | ${(r.cpuMs / r.sent).toFixed(3)} | ${(r.dbCpuMs / r.sent).toFixed(3)} | ${r.transactions === undefined ? '' : ((100 * r.transactions) / r.sent).toFixed(1)} | ${heapText(r.heap)} |`,
    );
  }
  console.log(`\nMachine ${(busy * 100).toFixed(0)} % busy over the run; ${uptime()} at the end.`);
}

await main();
