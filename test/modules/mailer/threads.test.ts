// Campaign messages are composed and written on the instance's mail threads (SMTP_THREADS, src/platform/mail.ts),
// each with its own pooled transport, and their outcomes come back to the lane that records them. Proof with the real
// local SMTP server: with two threads of one connection each, both threads send (two connections), every recipient
// gets one message, a refused recipient is recorded failed with the server's error; and a thread lost in the middle
// of a send leaves its messages in doubt (never sent again, settled by the lease rule) while the instance carries on.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { INTERRUPTED } from '../../../src/modules/mailer/send/leases.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { startSmtpSink } from '../../helpers/smtp.ts';
import { api, draft, seedList, settle, type Api, recipientStatuses } from './helpers.ts';

let t: TestApp;
let a: Api;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
/** While set, messages to the crash list are held at the server, unanswered, until it resolves. */
let holding: { released: Promise<void>; arrived: number; allHeld: () => void; count: number } | null = null;

beforeAll(async () => {
  sink = await startSmtpSink({
    rejectRecipients: (address) => address === 'user3@threads.test',
    hold: (to) => {
      if (!holding || !to[0]!.endsWith('@crash.test')) return undefined;
      if (++holding.arrived === holding.count) holding.allHeld();
      return holding.released;
    },
  });
  t = await createTestApp({
    env: {
      SMTP_URL: sink.url,
      SMTP_THREADS: '2',
      SMTP_POOL_SIZE: '1',
      MAILER_BATCH_SIZE: '4',
      MAILER_SEND_LANES: '2',
    },
  });
  a = api(t, await t.as('administrator'));
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const addresses = (domain: string) =>
  sink.messages
    .map((m) => m.envelope.to[0]!)
    .filter((to) => to.endsWith(`@${domain}`))
    .sort();
const statuses = (campaignId: number) => recipientStatuses(t, campaignId);

describe('mail threads', () => {
  it('two threads send the campaign, each on its own connection: every recipient once, the refused one failed with its error', async () => {
    const { list } = await seedList(a, 12, 'threads.test', 'Threads');
    const c = await draft(a, { list_ids: [list.id] });
    expect((await a.post(`/campaigns/${c.id}/send`)).status).toBe(202);
    await settle(t);

    const expected = Array.from({ length: 12 }, (_, i) => `user${i}@threads.test`).filter(
      (e) => !e.startsWith('user3@'),
    );
    expect(addresses('threads.test')).toEqual(expected.sort()); // exactly once each
    const stats = await t.platform.mail.threadStats();
    expect(stats.threads).toHaveLength(2);
    expect(stats.completed).toBe(12); // every message (the refused one too) was answered by a thread
    // One connection per thread's transport (SMTP_POOL_SIZE=1): both threads sent, the main thread opened none.
    expect(sink.connections.opened).toBe(2);

    expect((await a.get(`/campaigns/${c.id}`)).body).toMatchObject({
      status: 'sent',
      stats: { recipients: 12, sent: 11, failed: 1, queued: 0 },
    });
    const failed = await t.platform.prisma.mailerRecipient.findMany({ where: { campaignId: c.id, status: 'failed' } });
    expect(failed.map((r) => [r.email, r.error])).toEqual([['user3@threads.test', expect.stringContaining('550')]]);
  });

  it('a thread lost mid-send: its messages stay in doubt, are never sent again, and fail as interrupted after the lease; the instance carries on', async () => {
    const { list } = await seedList(a, 4, 'crash.test', 'Crash');
    let allHeld!: () => void;
    const held = new Promise<void>((r) => (allHeld = r));
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    // Each thread has one connection, so one message of each is at the server; the other two wait in the threads.
    holding = { released, arrived: 0, allHeld, count: 2 };
    const c = await draft(a, { list_ids: [list.id] });
    expect((await a.post(`/campaigns/${c.id}/send`)).status).toBe(202);
    await held; // a message of each thread is at the server, unanswered

    const { threads } = await t.platform.mail.threadStats();
    await Promise.all(threads.map((w) => w.terminate())); // both threads die with their four messages unanswered
    holding = null;
    release(); // the server takes the two messages it had: the senders cannot know which
    await settle(t);

    await vi.waitFor(() => expect(addresses('crash.test')).toHaveLength(2)); // the sink parses what it took
    expect(await statuses(c.id)).toEqual({ sending: 4 }); // all four in doubt: neither sent nor queued again

    // The pool replaced its threads: the instance sends the next campaign.
    const { list: after } = await seedList(a, 2, 'after.test', 'After');
    const next = await draft(a, { list_ids: [after.id] });
    await a.post(`/campaigns/${next.id}/send`);
    await settle(t);
    expect(addresses('after.test')).toEqual(['user0@after.test', 'user1@after.test']);
    expect((await t.platform.mail.threadStats()).threads).toHaveLength(2);

    // The lease rule settles the rows in doubt; nobody was mailed twice.
    t.clock.advance({ seconds: 601 });
    expect(await t.platform.jobs.runNow('mailer/send')).toEqual({ status: 'succeeded' });
    const rows = await t.platform.prisma.mailerRecipient.findMany({ where: { campaignId: c.id } });
    expect(rows.map((r) => [r.status, r.error])).toEqual(Array(4).fill(['failed', INTERRUPTED]));
    expect((await a.get(`/campaigns/${c.id}`)).body).toMatchObject({ status: 'sent', stats: { sent: 0, failed: 4 } });
    expect(addresses('crash.test')).toHaveLength(2);
  });
});
