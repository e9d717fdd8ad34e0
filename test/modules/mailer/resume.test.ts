// A crash in the middle of a send, then a fresh instance over the same database: every recipient gets exactly one
// message. Instance A "dies" while the SMTP server is taking one message (its send never returns, as if the process
// were killed after the server accepted it); instance B resumes from the queue, and the row left "sending" is
// settled by the lease rule (failed as interrupted, never sent twice).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/platform/config.ts';
import { INTERRUPTED } from '../../../src/modules/mailer/send/leases.ts';
import { wakeSender } from '../../../src/modules/mailer/send/sender.ts';
import { createAtrium, type Atrium } from '../../../src/server.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { startSmtpSink } from '../../helpers/smtp.ts';
import { api, draft, seedList } from './helpers.ts';

let t: TestApp;
let b: Atrium | undefined;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
const env = () => ({ NODE_ENV: 'test' as const, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://atrium.test', SMTP_URL: sink.url, MAILER_BATCH_SIZE: '4' });

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ env: env() });
});
afterAll(async () => {
  await b?.close(); // closes the shared database
  await sink?.close();
});

describe('kill and resume', () => {
  it('sends everyone exactly once across a crash and a restart', async () => {
    const a = api(t, await t.as('administrator'));
    const { list } = await seedList(a, 10);
    const campaign = await draft(a, { list_ids: [list.id] });

    // Instance A: the 4th message reaches the SMTP server, then the process "dies" (the call never returns).
    const realSend = t.platform.mail.send.bind(t.platform.mail);
    let calls = 0;
    let crashed!: () => void;
    const crash = new Promise<void>((resolve) => (crashed = resolve));
    t.platform.mail.send = async (message) => {
      const result = await realSend(message);
      if (++calls === 4) {
        crashed();
        return new Promise<never>(() => {});
      }
      return result;
    };
    expect((await a.post(`/campaigns/${campaign.id}/send`)).status).toBe(202);
    await crash;
    expect(sink.messages).toHaveLength(4);
    const rows = await t.platform.prisma.mailerRecipient.groupBy({ by: ['status'], _count: { _all: true }, orderBy: { status: 'asc' } });
    expect(rows.map((r) => [r.status, r._count._all])).toEqual([['queued', 6], ['sending', 1], ['sent', 3]]);

    // Instance B: a fresh platform and sender over the same database (A is never heard from again).
    b = await createAtrium({ config: loadConfig(env()), db: t.db, clock: t.clock, migrate: false, bootstrap: false });
    expect(await b.platform.jobs.runNow('mailer/send')).toEqual({ status: 'succeeded' });
    // Within the lease the row in doubt is left alone: the campaign is not finished yet, nothing resent.
    expect(sink.messages).toHaveLength(10);
    expect((await b.platform.prisma.mailerCampaign.findUniqueOrThrow({ where: { id: campaign.id } })).status).toBe('sending');

    t.clock.advance({ seconds: 601 });
    await b.platform.jobs.runNow('mailer/send');
    const to = sink.messages.map((m) => m.envelope.to[0]).sort();
    expect(to).toEqual(Array.from({ length: 10 }, (_, i) => `user${i}@example.org`).sort());
    expect(new Set(to).size).toBe(10);
    const inDoubt = await b.platform.prisma.mailerRecipient.findFirstOrThrow({ where: { status: 'failed' } });
    expect([inDoubt.email, inDoubt.error]).toEqual(['user3@example.org', INTERRUPTED]);
    const final = await b.platform.prisma.mailerCampaign.findUniqueOrThrow({ where: { id: campaign.id } });
    expect(final.status).toBe('sent');
    expect(await b.platform.prisma.mailerRecipient.count({ where: { campaignId: campaign.id, status: 'sent' } })).toBe(9);

    // Running the queue again (a later period: runs are claimed per period) changes nothing.
    t.clock.advance({ minutes: 1 });
    expect(await b.platform.jobs.runNow('mailer/send')).toEqual({ status: 'succeeded' });
    expect(sink.messages).toHaveLength(10);
  });
});

describe('two instances, one campaign', () => {
  it('run the same campaign at once and still mail everyone exactly once', async () => {
    sink.messages.length = 0;
    const a = api(t, await t.as('administrator'));
    const { list } = await seedList(a, 12, 'twice.test', 'Twice');
    const campaign = await draft(a, { list_ids: [list.id] });
    t.platform.mail.send = b!.platform.mail.send.bind(b!.platform.mail); // instance A's transport works again
    await a.post(`/campaigns/${campaign.id}/send`); // A starts sending in the background…
    t.clock.advance({ minutes: 1 });
    // …while B's job joins in. (A's sender of the first campaign is still hung: wait for this campaign's only.)
    await Promise.all([b!.platform.jobs.runNow('mailer/send'), wakeSender(t.platform, campaign.id)]);
    const to = sink.messages.map((m) => m.envelope.to[0]);
    expect(to).toHaveLength(12);
    expect(new Set(to).size).toBe(12);
    expect((await b!.platform.prisma.mailerCampaign.findUniqueOrThrow({ where: { id: campaign.id } })).status).toBe('sent');
  });
});
