// Campaign batches on the job engine across instances. A real process killed in the middle of a batch: another
// instance's workers send the rest, nobody gets a message twice, and the rows left in doubt are settled by the lease
// rule (failed as interrupted, never sent again). Two instances on one database sending one campaign at once, each
// holding batches at the same moment: every subscriber gets exactly one message, and the progress read while they
// send is exact.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../../src/platform/config.ts';
import { INTERRUPTED } from '../../../src/modules/mailer/send/leases.ts';
import { createAtrium, type Atrium } from '../../../src/server.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { jobsOf } from '../../helpers/jobs.ts';
import { startSmtpSink } from '../../helpers/smtp.ts';
import { api, draft, seedList, recipientStatuses } from './helpers.ts';

let t: TestApp;
let b: Atrium | undefined;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
/** While set, the SMTP sink keeps every message's final reply back until it resolves. */
let gate: Promise<void> | null = null;
const BATCH = 4;
// Each instance runs two batches at most: with four lanes, two instances must both hold some.
const env = () => ({
  NODE_ENV: 'test' as const,
  LOG_LEVEL: 'silent',
  PUBLIC_URL: 'http://atrium.test',
  SMTP_URL: sink.url,
  MAILER_BATCH_SIZE: String(BATCH),
  MAILER_SEND_LANES: '4',
  JOBS_CONCURRENCY: '2',
});

beforeAll(async () => {
  sink = await startSmtpSink({ hold: () => gate ?? undefined });
  t = await createTestApp({ env: env() });
});
afterAll(async () => {
  await b?.platform.queue.stop();
  await t?.close();
  await b?.close(); // the shared database is already closed (idempotent)
  await sink?.close();
});

const statuses = (campaignId: number) => recipientStatuses(t, campaignId);

describe('a process killed in the middle of a batch', () => {
  it('another instance sends the rest; nobody gets the campaign twice; the rows in doubt fail as interrupted', async () => {
    const a = api(t, await t.as('administrator'));
    const { list } = await seedList(a, 10);
    const campaign = await draft(a, { list_ids: [list.id] });
    await t.platform.queue.stop(); // only the child's worker may take the first batch
    let takenByChild: string[];
    let recorded: number;
    try {
      expect((await a.post(`/campaigns/${campaign.id}/send`)).status).toBe(202);
      const child = spawn(process.execPath, ['--import', 'tsx', 'test/fixtures/campaign-worker.ts'], {
        env: {
          ...process.env,
          DATABASE_URL: t.db.url,
          SMTP_URL: sink.url,
          MAILER_BATCH_SIZE: String(BATCH),
          NOW: t.clock.now().toISOString(),
          CRASH_AFTER: '3',
        },
        stdio: 'inherit',
      });
      const [, signal] = await new Promise<[number | null, string | null]>((resolve) =>
        child.on('exit', (code, sig) => resolve([code, sig])),
      );
      expect(signal).toBe('SIGKILL');
      takenByChild = sink.messages.map((m) => m.envelope.to[0]!);
      expect(takenByChild.length).toBeGreaterThanOrEqual(3);
      // The killed batch: the outcomes it wrote before the kill stand, the rest of it is in doubt.
      const after = await statuses(campaign.id);
      recorded = after.sent ?? 0;
      expect(recorded).toBeLessThan(3);
      expect(after).toEqual({ queued: 10 - BATCH, sending: BATCH - recorded, ...(recorded ? { sent: recorded } : {}) });
    } finally {
      await t.platform.queue.start(2); // this instance's workers start again
    }

    // The dead pool's batch job is given back and the other lanes run.
    await vi.waitFor(
      async () => {
        await t.platform.queue.recover();
        await t.settle();
        expect(await statuses(campaign.id)).toEqual({ sending: BATCH - recorded, sent: 10 - BATCH + recorded });
      },
      { timeout: 15_000, interval: 50 },
    );
    // Within the lease the rows in doubt are left alone: the campaign is not finished, nothing is sent again.
    expect(await t.platform.jobs.runNow('mailer/send')).toEqual({ status: 'succeeded' });
    expect((await a.get(`/campaigns/${campaign.id}`)).body).toMatchObject({
      status: 'sending',
      stats: { recipients: 10, sent: 10 - BATCH + recorded, queued: BATCH - recorded },
    });

    t.clock.advance({ seconds: 601 });
    await t.platform.jobs.runNow('mailer/send');
    const inDoubt = await t.platform.prisma.mailerRecipient.findMany({
      where: { campaignId: campaign.id, status: 'failed' },
      orderBy: { id: 'asc' },
    });
    expect(inDoubt.map((r) => r.error)).toEqual(Array(BATCH - recorded).fill(INTERRUPTED));
    const to = sink.messages.map((m) => m.envelope.to[0]);
    expect(new Set(to).size).toBe(to.length); // nobody twice
    expect(to.length).toBe(takenByChild.length + 10 - BATCH);
    expect((await a.get(`/campaigns/${campaign.id}`)).body).toMatchObject({
      status: 'sent',
      stats: { sent: 10 - BATCH + recorded, failed: BATCH - recorded, queued: 0 },
    });
  }, 60_000);
});

describe('two instances, one campaign', () => {
  it('both send batches at once; every subscriber gets exactly one message; progress is exact while they send', async () => {
    b = await createAtrium({ config: loadConfig(env()), db: t.db, clock: t.clock, migrate: false, bootstrap: false });
    sink.messages.length = 0;
    const a = api(t, await t.as('administrator'));
    const { list } = await seedList(a, 40, 'twice.test', 'Twice');
    const campaign = await draft(a, { list_ids: [list.id] });
    const finished: number[] = [];
    for (const p of [t.platform, b.platform])
      p.events.on('mailer/campaign/sent', (e) => void finished.push(e.campaignId));

    let release!: () => void;
    gate = new Promise<void>((r) => (release = r));
    expect((await a.post(`/campaigns/${campaign.id}/send`)).status).toBe(202);
    // Four lanes, two batches per instance at most: both instances hold batches while the SMTP server holds on.
    await vi.waitFor(
      async () => expect(await statuses(campaign.id)).toEqual({ queued: 40 - 4 * BATCH, sending: 4 * BATCH }),
      { timeout: 15_000, interval: 20 },
    );
    const pools = new Set((await jobsOf(t.platform, 'mailer/campaign/batch')).map((j) => j.locked_by).filter(Boolean));
    expect(pools.size).toBe(2);
    expect((await a.get(`/campaigns/${campaign.id}`)).body).toMatchObject({
      status: 'sending',
      stats: { recipients: 40, sent: 0, failed: 0, queued: 40 },
    });

    release();
    gate = null;
    await vi.waitFor(
      async () => {
        await Promise.all([t.settle(), b!.platform.queue.settle()]);
        expect((await a.get(`/campaigns/${campaign.id}`)).body).toMatchObject({
          status: 'sent',
          stats: { recipients: 40, sent: 40, failed: 0, queued: 0 },
        });
      },
      { timeout: 15_000, interval: 50 },
    );
    const to = sink.messages.map((m) => m.envelope.to[0]);
    expect(to).toHaveLength(40);
    expect(new Set(to).size).toBe(40);
    expect(finished).toEqual([campaign.id]);
  }, 60_000);
});
