// Mailing benchmark: campaign send throughput (messages/min into a local SMTP server that only counts) to
// BENCH_SUBSCRIBERS subscribers (default 10,000) with memory sampled during the send, then GET
// /mailer/v1/subscribers requests/s as a ratio to a plain express server in the same run, with SQL per request.
//   node --expose-gc --import tsx bench/mailer.ts   (BENCH_SUBSCRIBERS, BENCH_SECONDS=8, MAILER_BATCH_SIZE; DATABASE_URL)
// With --expose-gc each memory sample follows a full collection, so it shows the live heap, not garbage.
// The sender and the SMTP server share this process (and the machine's cores), so the figure is a floor.
import { SMTPServer } from 'smtp-server';
import { createAppPassword } from '../src/platform/auth/app-passwords.ts';
import { SYSTEM } from '../src/platform/principal.ts';
import { sendCampaign } from '../src/modules/mailer/service/campaigns.ts';
import {
  load,
  report,
  startAtrium,
  startBaseline,
  statementsPerRequest,
  tempDataDir,
  withAtrium,
  type Row,
} from './lib.ts';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const step = (what: string) => process.stderr.write(`… ${what}\n`);
const mb = (n: number) => (n / 1024 / 1024).toFixed(1);

/** An SMTP server that accepts and counts (parsing every message would measure the parser, not the sender). */
async function countingSink() {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received++;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}?pool=true&maxConnections=4`,
    received: () => received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

async function main() {
  const data = tempDataDir();
  const sink = await countingSink();
  try {
    step(`seeding ${SUBSCRIBERS} subscribers and sending a campaign to them`);
    const seeded = await withAtrium(
      data.dir,
      async (atrium) => {
        const { platform } = atrium;
        const now = platform.clock.now();
        const list = await platform.prisma.mailerList.create({ data: { name: 'Bench', createdAt: now } });
        for (let i = 0; i < SUBSCRIBERS; i += 5000) {
          const n = Math.min(5000, SUBSCRIBERS - i);
          const rows = Array.from({ length: n }, (_, k) => ({
            email: `reader${i + k}@bench.test`,
            firstName: `Reader${i + k}`,
            createdAt: now,
            updatedAt: now,
          }));
          await platform.prisma.mailerSubscriber.createMany({ data: rows });
        }
        await platform.prisma
          .$executeRaw`INSERT INTO mailer_list_members (list_id, subscriber_id, created_at) SELECT ${list.id}, id, ${now} FROM mailer_subscribers`;
        const campaign = await platform.prisma.mailerCampaign.create({
          data: {
            name: 'Bench',
            subject: 'Hello {{first_name|reader}}',
            html: '<p>Hi {{first_name}}</p><a href="https://example.org/read">Read</a>',
            text: 'Hi {{first_name}}',
            listIds: [list.id],
            createdAt: now,
            updatedAt: now,
          },
        });
        const samples: number[] = [];
        global.gc?.();
        const startHeap = process.memoryUsage().heapUsed;
        const started = performance.now();
        await sendCampaign(platform, campaign.id);
        const timer = setInterval(() => {
          global.gc?.();
          samples.push(process.memoryUsage().heapUsed);
        }, 1000);
        await platform.queue.settle();
        clearInterval(timer);
        const minutes = (performance.now() - started) / 60_000;
        const sent = await platform.prisma.mailerRecipient.count({
          where: { campaignId: campaign.id, status: 'sent' },
        });

        const admin = await platform.prisma.user.findFirstOrThrow({ where: { username: 'admin' } });
        const { password } = await createAppPassword(platform, SYSTEM, { name: 'bench', userId: admin.id });
        const authorization = `Basic ${Buffer.from(`admin:${password}`).toString('base64')}`;
        const statements = await statementsPerRequest(atrium, (a) =>
          a.get('/wp-json/mailer/v1/subscribers').set('Authorization', authorization),
        );
        return { sent, minutes, samples, startHeap, authorization, statements };
      },
      { SMTP_URL: sink.url },
    );

    const q = (p: number) =>
      seeded.samples[Math.min(seeded.samples.length - 1, Math.floor(p * seeded.samples.length))] ?? 0;
    const perMin = seeded.sent / seeded.minutes;
    console.log(`## Mailing: campaign send (${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PostgreSQL'})\n`);
    console.log(
      `- ${seeded.sent} of ${SUBSCRIBERS} messages accepted by the SMTP server (received: ${sink.received()}) in ${(seeded.minutes * 60).toFixed(1)} s: **${perMin.toFixed(0)} messages/min**`,
    );
    console.log(
      `- heap used (MB): before ${mb(seeded.startHeap)}; during the send at 10% ${mb(q(0.1))}, 50% ${mb(q(0.5))}, 90% ${mb(q(0.9))}; max ${mb(Math.max(...seeded.samples))} (${seeded.samples.length} samples, one a second${global.gc ? ', each after a full GC' : ''})`,
    );
    console.log(
      `- MAILER_BATCH_SIZE ${process.env.MAILER_BATCH_SIZE ?? 100}; SMTP pooled (4 connections); sender and SMTP server in one process\n`,
    );

    step('GET /mailer/v1/subscribers under load');
    const baseline = await startBaseline();
    const atrium = await startAtrium(data.dir);
    try {
      const hello = await load(`${baseline.url}/hello`, { seconds: SECONDS });
      const rows: Row[] = [
        {
          name: 'GET /wp-json/mailer/v1/subscribers (application password, 10 per page)',
          result: await load(`${atrium.url}/wp-json/mailer/v1/subscribers`, {
            headers: { Authorization: seeded.authorization },
            seconds: SECONDS,
          }),
          baseline: hello,
          statements: seeded.statements,
          note: `${SUBSCRIBERS} subscribers; baseline GET /hello`,
        },
      ];
      console.log(report(`Mailing REST (${SECONDS} s)`, rows));
    } finally {
      await atrium.stop();
      await baseline.stop();
    }
  } finally {
    await sink.close();
    data.remove();
  }
}

await main();
