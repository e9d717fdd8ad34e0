// Freezing a campaign's audience, apart from sending it: BENCH_RECIPIENTS subscribers (default 100,000) on one list
// are seeded once, then BENCH_RUNS times (default 5) a fresh campaign to that list is started with sendCampaign (its
// one transaction: the audience frozen into mailer_recipients, the lanes' first jobs added; nothing sends, no job
// runs). Between runs the previous campaign is deleted and mailer_recipients vacuumed, outside the timing, so every
// run inserts into the same table. Per run: wall time, the SQL statements sent, this process' CPU (Atrium's side:
// Prisma, pg) and PostgreSQL's (every postgres process of the machine); then the medians. Last, PostgreSQL's own time
// for the rows: EXPLAIN (ANALYZE, BUFFERS, WAL) of one INSERT … SELECT of the whole audience (rolled back), the
// table's cost (indexes, foreign keys, WAL) whatever statements the application sends. It runs unchanged on older
// commits (copied into a `git worktree add --detach` of one), to compare builds in one session.
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/atrium_bench_mailer npx tsx bench/mailer-freeze.ts
// The database is a new one on that server, made for the run and dropped after.
import { loadavg } from 'node:os';
import { sendCampaign } from '../src/modules/mailer/service/campaigns.ts';
import type { Platform } from '../src/platform/platform.ts';
import { databaseCpu, databaseCpuSince } from './cpu.ts';
import { seedReaders } from './mailer-readers.ts';
import { runDatabase, tempDataDir, withAtrium } from './lib.ts';

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const step = (what: string) => process.stderr.write(`… ${what}\n`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The readers, with the planner's statistics fresh (the freeze's plan reads them). */
async function seed(platform: Platform) {
  const listId = await seedReaders(platform, RECIPIENTS);
  await platform.prisma.$executeRaw`VACUUM ANALYZE`;
  return listId;
}

const createCampaign = (platform: Platform, listId: number, run: number) => {
  const now = platform.clock.now();
  return platform.prisma.mailerCampaign.create({
    data: {
      name: `Freeze ${run}`,
      subject: 'Hello',
      html: '<p>Hello <a href="https://example.org/a">a</a></p>',
      text: 'Hello',
      fromName: 'Bench',
      fromEmail: 'letters@bench.test',
      listIds: [listId],
      createdAt: now,
      updatedAt: now,
    },
  });
};

/** PostgreSQL's own work for the whole audience in one statement, rolled back: the table's cost, not the client's. */
async function explainInsert(platform: Platform, campaignId: number): Promise<string> {
  const columns = await platform.prisma.$queryRaw<{ column_name: string }[]>`
    SELECT column_name FROM information_schema.columns WHERE table_name = 'mailer_recipients'`;
  const notBefore = columns.some((c) => c.column_name === 'not_before');
  const plan = await platform.prisma
    .$transaction(async (tx) => {
      const rows = notBefore
        ? await tx.$queryRaw<{ 'QUERY PLAN': string }[]>`
            EXPLAIN (ANALYZE, BUFFERS, WAL)
            INSERT INTO mailer_recipients (campaign_id, subscriber_id, email, not_before)
            SELECT ${campaignId}, s.id, s.email, now() FROM mailer_subscribers s
            WHERE s.status = 'subscribed' AND EXISTS (SELECT 1 FROM mailer_list_members m WHERE m.subscriber_id = s.id)
            ON CONFLICT DO NOTHING`
        : await tx.$queryRaw<{ 'QUERY PLAN': string }[]>`
            EXPLAIN (ANALYZE, BUFFERS, WAL)
            INSERT INTO mailer_recipients (campaign_id, subscriber_id, email)
            SELECT ${campaignId}, s.id, s.email FROM mailer_subscribers s
            WHERE s.status = 'subscribed' AND EXISTS (SELECT 1 FROM mailer_list_members m WHERE m.subscriber_id = s.id)
            ON CONFLICT DO NOTHING`;
      // Rolled back: thrown with the plan, caught below.
      throw Object.assign(new Error('rollback'), { plan: rows.map((r) => r['QUERY PLAN']).join('\n') });
    })
    .catch((err: { plan?: string }) => {
      if (err.plan === undefined) throw err;
      return err.plan;
    });
  return plan;
}

async function main() {
  if (!process.env.DATABASE_URL)
    throw new Error('Set DATABASE_URL to a PostgreSQL server (a database is created for the run and dropped after).');
  const database = await runDatabase(process.env.DATABASE_URL, 'atrium_bench_freeze');
  const data = tempDataDir();
  const runs: { seconds: number; statements: number; cpuMs: number; dbCpuMs: number; rows: number }[] = [];
  let plan = '';
  try {
    await withAtrium(
      data.dir,
      async ({ platform }) => {
        step(`seeding ${RECIPIENTS} subscribers`);
        const listId = await seed(platform);
        let previous: number | undefined;
        for (let run = 1; run <= RUNS; run++) {
          if (previous !== undefined) {
            await platform.prisma.mailerCampaign.delete({ where: { id: previous } });
            await platform.prisma.$executeRaw`VACUUM ANALYZE mailer_recipients`;
          }
          const campaign = await createCampaign(platform, listId, run);
          previous = campaign.id;
          step(`run ${run} (load average ${loadavg()[0]!.toFixed(2)})`);
          const db = databaseCpu();
          const cpu = process.cpuUsage();
          const t0 = performance.now();
          const { statements } = await platform.db.statements.measure(() => sendCampaign(platform, campaign.id));
          const seconds = (performance.now() - t0) / 1000;
          const used = process.cpuUsage(cpu);
          const dbCpuMs = databaseCpuSince(db, databaseCpu());
          const rows = await platform.prisma.mailerRecipient.count({ where: { campaignId: campaign.id } });
          runs.push({ seconds, statements, cpuMs: (used.user + used.system) / 1000, dbCpuMs, rows });
        }
        await platform.prisma.mailerCampaign.delete({ where: { id: previous! } });
        await platform.prisma.$executeRaw`VACUUM ANALYZE mailer_recipients`;
        plan = await explainInsert(platform, (await createCampaign(platform, listId, 0)).id);
      },
      // this process only starts campaigns (the transport is never used: no job runs)
      { DATABASE_URL: database.url, SMTP_URL: 'smtp://127.0.0.1:9', JOBS_CONCURRENCY: '0' },
    );
  } finally {
    data.remove();
    await database.drop();
  }
  console.log(`## Freezing a campaign's audience: ${RECIPIENTS} recipients, ${RUNS} runs\n`);
  console.log('| run | rows | s | SQL statements | Atrium CPU s | PostgreSQL CPU s |');
  console.log('|---|---|---|---|---|---|');
  runs.forEach((r, i) =>
    console.log(
      `| ${i + 1} | ${r.rows} | ${r.seconds.toFixed(2)} | ${r.statements} | ${(r.cpuMs / 1000).toFixed(2)} | ${(r.dbCpuMs / 1000).toFixed(2)} |`,
    ),
  );
  console.log(
    `| median | | **${median(runs.map((r) => r.seconds)).toFixed(2)}** | ${median(runs.map((r) => r.statements))} | ${(median(runs.map((r) => r.cpuMs)) / 1000).toFixed(2)} | ${(median(runs.map((r) => r.dbCpuMs)) / 1000).toFixed(2)} |`,
  );
  console.log(`\nThe whole audience in one INSERT … SELECT (rolled back):\n\n\`\`\`\n${plan}\n\`\`\``);
  console.log(`\nLoad average ${loadavg()[0]!.toFixed(2)} at the end.`);
}

await main();
