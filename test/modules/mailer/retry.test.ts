// Transient refusals (issue 28, send/retry.ts): a campaign message the SMTP server certainly did not take — a 4xx reply
// (greylisting, "454 Throttling failure"), or no connection at all — is queued again with a not-before time and sent
// later, at most once; 5xx stays failed at once. Proof with the real local SMTP server refusing with 451 and 550, and
// with a port that refuses connections; time moves on the platform's clock and the engine's run_at (advanceQueue),
// never by sleeping.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMailerQueue } from '../../../src/modules/mailer/jobs.ts';
import { restartLanes } from '../../../src/modules/mailer/send/batch.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { advanceQueue } from '../../helpers/jobs.ts';
import { startSmtpSink } from '../../helpers/smtp.ts';
import { api, created, draft, mailQueue, recipientStatuses, settle, type Api } from './helpers.ts';

let t: TestApp;
let a: Api;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
/** RCPT TO commands the server answered, by address (refused or not). */
const tried = new Map<string, number>();
/** Refused with 451 this many times, then accepted; `Infinity`: always. 550 for gone@. */
const REFUSE: Record<string, number> = {
  'twice@retry.test': 2,
  'always@retry.test': Infinity,
  'paused@retry.test': 1,
  'cancelled@retry.test': Infinity,
};
const sentEvents: string[] = [];
const METRICS = 'metrics-token-0123456789';

beforeAll(async () => {
  sink = await startSmtpSink({
    rejectRecipients: (address) => {
      const n = (tried.get(address) ?? 0) + 1;
      tried.set(address, n);
      if (address.startsWith('gone@')) return true;
      return n <= (REFUSE[address] ?? 0) ? 451 : false;
    },
  });
  t = await createTestApp({
    env: { SMTP_URL: sink.url, MAILER_BATCH_SIZE: '2', MAILER_SEND_LANES: '2', METRICS_TOKEN: METRICS },
  });
  a = api(t, await t.as('administrator'));
  t.platform.events.on('mailer/campaign/sent', (e) => void sentEvents.push(`${e.campaignId}:${e.sent}:${e.failed}`));
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

async function campaignTo(emails: string[], name: string) {
  const list = await created(await a.post('/lists', { name }));
  for (const email of emails) await created(await a.post('/subscribers', { email, list_id: list.id }));
  const c = await draft(a, { name, list_ids: [list.id] });
  expect((await a.post(`/campaigns/${c.id}/send`)).status).toBe(202);
  return c.id as number;
}
const rowOf = (email: string, campaignId: number) =>
  t.platform.prisma.mailerRecipient.findFirstOrThrow({ where: { email, campaignId } });
const mailsTo = (email: string) => sink.messages.filter((m) => m.envelope.to.includes(email)).length;
const campaign = async (id: number) => (await a.get(`/campaigns/${id}`)).body;
/** Seconds until each waiting batch job of the campaign's lanes runs, by the engine's clock (none: no lane waits). */
const laneWaits = async (campaignId: number) =>
  (
    await t.platform.prisma.$queryRaw<{ wait: number }[]>`
      SELECT extract(epoch FROM j.run_at - now())::float8 AS wait
      FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks k ON k.id = j.task_id
      WHERE k.identifier = 'mailer/campaign/batch' AND j.locked_at IS NULL
        AND j.key LIKE ${`mailer/campaign/${campaignId}/lane/%`}`
  ).map((r) => r.wait);

describe('refused for now (4xx): retried later, at most once', () => {
  let id: number;
  const start = () => t.clock.now().getTime();
  let t0: number;

  it('a 451 queues the row again (attempt 1, due in a minute), a 550 fails it at once; the campaign is not sent', async () => {
    t0 = start();
    id = await campaignTo(
      ['ok0@retry.test', 'twice@retry.test', 'always@retry.test', 'gone@retry.test', 'ok1@retry.test'],
      'Retry',
    );
    await settle(t);
    expect(await recipientStatuses(t, id)).toEqual({ failed: 1, queued: 2, sent: 2 });
    const gone = await rowOf('gone@retry.test', id);
    expect([gone.status, gone.attempts, gone.error]).toEqual(['failed', 0, expect.stringContaining('550')]);
    for (const email of ['twice@retry.test', 'always@retry.test']) {
      const row = await rowOf(email, id);
      expect([row.status, row.attempts, row.notBefore.getTime() - t0, row.error], email).toEqual([
        'queued',
        1,
        60_000,
        expect.stringContaining('451'),
      ]);
    }
    expect((await campaign(id)).stats).toMatchObject({ recipients: 5, queued: 2, deferred: 2, sent: 2, failed: 1 });
    // /metrics tells them from a backlog due now.
    expect(await mailQueue(t, METRICS)).toEqual({ queued: 0, deferred: 2, sending: 0 });
    // The every-minute job does not finish it either, nor restart lanes that have nothing due.
    await runMailerQueue(t.platform);
    expect((await campaign(id)).status).toBe('sending');
    // A lane sleeps until the deferred rows are due (the engine's run_at), instead of spinning or ending.
    const waits = await laneWaits(id);
    expect(waits.length).toBeGreaterThan(0);
    for (const w of waits) expect(w).toBeGreaterThan(30); // about a minute (the test's own pace aside), not now
    for (const w of waits) expect(w).toBeLessThanOrEqual(60);
  });

  it('a deferred row is not claimed before its time, even by a lane that runs early', async () => {
    await advanceQueue(t, 30);
    await restartLanes(t.platform, id); // the lanes run now, 30 s before the rows are due
    await settle(t);
    expect([tried.get('twice@retry.test'), tried.get('always@retry.test')]).toEqual([1, 1]);
    expect(await recipientStatuses(t, id)).toEqual({ failed: 1, queued: 2, sent: 2 });
    const waits = await laneWaits(id);
    expect(waits.length).toBeGreaterThan(0);
    for (const w of waits) expect(w).toBeGreaterThan(10); // the 30 s left, not a minute again, not now
    for (const w of waits) expect(w).toBeLessThanOrEqual(30);
  });

  it('once due it is tried again: refused twice, then accepted — sent exactly once, counted sent', async () => {
    await advanceQueue(t, 30);
    await settle(t);
    expect([tried.get('twice@retry.test'), tried.get('always@retry.test')]).toEqual([2, 2]);
    const second = await rowOf('twice@retry.test', id);
    expect([second.status, second.attempts, second.notBefore.getTime() - start()]).toEqual(['queued', 2, 5 * 60_000]);
    await advanceQueue(t, 4 * 60); // not yet
    await settle(t);
    expect(tried.get('twice@retry.test')).toBe(2);
    await advanceQueue(t, 60);
    await settle(t);
    expect(tried.get('twice@retry.test')).toBe(3);
    expect(mailsTo('twice@retry.test')).toBe(1);
    const sent = await rowOf('twice@retry.test', id);
    expect([sent.status, sent.error]).toEqual(['sent', null]);
    const always = await rowOf('always@retry.test', id);
    expect([always.status, always.attempts, always.notBefore.getTime() - start()]).toEqual(['queued', 3, 30 * 60_000]);
    expect(await campaign(id)).toMatchObject({
      status: 'sending',
      stats: { recipients: 5, queued: 1, deferred: 1, sent: 3, failed: 1 },
    });
  });

  it('refused every time: failed after 4 attempts with the last error, and then the campaign is sent', async () => {
    await advanceQueue(t, 30 * 60);
    await settle(t);
    expect(tried.get('always@retry.test')).toBe(4);
    const always = await rowOf('always@retry.test', id);
    expect([always.status, always.attempts, always.error]).toEqual([
      'failed',
      4,
      expect.stringMatching(/^Refused 4 times, the last: .*451/),
    ]);
    expect(mailsTo('always@retry.test')).toBe(0);
    expect(await campaign(id)).toMatchObject({
      status: 'sent',
      stats: { recipients: 5, queued: 0, deferred: 0, sent: 3, failed: 2 },
    });
    expect(sentEvents).toEqual([`${id}:3:2`]);
    expect(await mailQueue(t, METRICS)).toEqual({ queued: 0, deferred: 0, sending: 0 });
    for (const email of ['ok0@retry.test', 'ok1@retry.test', 'twice@retry.test']) expect(mailsTo(email)).toBe(1);
    expect(await laneWaits(id)).toEqual([]);
  });
});

describe('pause, resume, cancel while a row is deferred', () => {
  /** A campaign to `refused` (deferred after its first attempt) and `ok` (sent); `act` ('cancel', 'pause') is done
   *  while the refused row waits, and the row's wait is then over. */
  async function actWhileDeferred(refused: string, ok: string, name: string, act: 'cancel' | 'pause') {
    const id = await campaignTo([refused, ok], name);
    await settle(t);
    expect(await recipientStatuses(t, id)).toEqual({ queued: 1, sent: 1 });
    expect((await a.post(`/campaigns/${id}/${act}`)).status).toBe(200);
    await advanceQueue(t, 60);
    await settle(t);
    return id;
  }

  it('cancel cancels the deferred row: it is never tried again', async () => {
    const id = await actWhileDeferred('cancelled@retry.test', 'ok2@retry.test', 'Cancelled', 'cancel');
    expect(tried.get('cancelled@retry.test')).toBe(1);
    expect(await recipientStatuses(t, id)).toEqual({ cancelled: 1, sent: 1 });
    expect(await campaign(id)).toMatchObject({ status: 'cancelled', stats: { queued: 0, deferred: 0, sent: 1 } });
  });

  it('a paused campaign does not retry; resumed, its deferred row goes out once due', async () => {
    const id = await actWhileDeferred('paused@retry.test', 'ok3@retry.test', 'Paused', 'pause');
    expect(tried.get('paused@retry.test')).toBe(1);
    expect((await a.post(`/campaigns/${id}/resume`)).status).toBe(200);
    await settle(t);
    expect(tried.get('paused@retry.test')).toBe(2);
    expect(mailsTo('paused@retry.test')).toBe(1);
    expect(await campaign(id)).toMatchObject({ status: 'sent', stats: { queued: 0, deferred: 0, sent: 2, failed: 0 } });
  });
});

describe('no connection', () => {
  it('a server that refuses connections defers every row; once it is back, each goes out once', async () => {
    const probe = await startSmtpSink();
    const port = Number(new URL(probe.url).port);
    await probe.close(); // nothing listens there now
    const t2 = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    let back: Awaited<ReturnType<typeof startSmtpSink>> | undefined;
    try {
      const a2 = api(t2, await t2.as('administrator'));
      const list = await created(await a2.post('/lists', { name: 'Down' }));
      for (const email of ['d0@retry.test', 'd1@retry.test'])
        await created(await a2.post('/subscribers', { email, list_id: list.id }));
      const c = await draft(a2, { list_ids: [list.id] });
      await a2.post(`/campaigns/${c.id}/send`);
      await t2.settle();
      const rows = await t2.platform.prisma.mailerRecipient.findMany({ where: { campaignId: c.id } });
      expect(rows.map((r) => [r.status, r.attempts, r.error])).toEqual([
        ['queued', 1, expect.stringContaining('ECONNREFUSED')],
        ['queued', 1, expect.stringContaining('ECONNREFUSED')],
      ]);
      back = await startSmtpSink({ port });
      await advanceQueue(t2, 60);
      await t2.settle();
      expect(back.messages.map((m) => m.envelope.to[0]).sort()).toEqual(['d0@retry.test', 'd1@retry.test']);
      expect((await api(t2, await t2.as('administrator')).get(`/campaigns/${c.id}`)).body).toMatchObject({
        status: 'sent',
        stats: { sent: 2, failed: 0, queued: 0 },
      });
    } finally {
      await t2.close();
      await back?.close();
    }
  });
});
