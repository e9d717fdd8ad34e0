// The retry schedule is the operator's (MAILER_RETRY_WAITS, send/retry.ts): its waits decide when a message refused
// for now is tried again, and their number how many refusals fail it; `none` fails a refusal at once; a bad value
// stops the start with the key named. Real SMTP server refusing with 451; time moves on the platform's clock and the
// engine's run_at (advanceQueue), never by sleeping.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modules } from '../../../src/modules/index.ts';
import { restartLanes } from '../../../src/modules/mailer/send/batch.ts';
import { ConfigError, loadConfig } from '../../../src/platform/config.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { advanceQueue } from '../../helpers/jobs.ts';
import { startSmtpSink } from '../../helpers/smtp.ts';
import { api, created, draft } from './helpers.ts';

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
/** RCPT TO commands the server answered, by address. */
const tried = new Map<string, number>();
/** Refused with 451 this many times, then accepted. */
const REFUSE: Record<string, number> = { 'always@wait.test': Infinity, 'once@wait.test': 1, 'none@wait.test': 1 };

beforeAll(async () => {
  sink = await startSmtpSink({
    rejectRecipients: (address) => {
      const n = (tried.get(address) ?? 0) + 1;
      tried.set(address, n);
      return n <= (REFUSE[address] ?? 0) ? 451 : false;
    },
  });
});
afterAll(async () => {
  await sink?.close();
});

/** Sends a campaign to `emails` on `t` and answers its id and a reader of a recipient's row. */
async function send(t: TestApp, emails: string[]) {
  const a = api(t, await t.as('administrator'));
  const list = await created(await a.post('/lists', { name: 'Waits' }));
  for (const email of emails) await created(await a.post('/subscribers', { email, list_id: list.id }));
  const c = await draft(a, { list_ids: [list.id] });
  expect((await a.post(`/campaigns/${c.id}/send`)).status).toBe(202);
  await t.settle();
  return {
    id: c.id as number,
    row: (email: string) => t.platform.prisma.mailerRecipient.findFirstOrThrow({ where: { email, campaignId: c.id } }),
    campaign: async () => (await a.get(`/campaigns/${c.id}`)).body,
  };
}

describe('MAILER_RETRY_WAITS=2m,1h: two waits, three attempts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SMTP_URL: sink.url, MAILER_RETRY_WAITS: '2m,1h' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the first wait is 2 minutes: not tried after the default minute, tried at 2', async () => {
    const t0 = t.clock.now().getTime();
    const c = await send(t, ['always@wait.test', 'once@wait.test', 'ok@wait.test']);
    for (const email of ['always@wait.test', 'once@wait.test']) {
      const row = await c.row(email);
      expect([row.status, row.attempts, row.notBefore.getTime() - t0], email).toEqual(['queued', 1, 2 * 60_000]);
    }
    await advanceQueue(t, 60);
    await restartLanes(t.platform, c.id); // a lane run after the default's minute still finds nothing due
    await t.settle();
    expect([tried.get('always@wait.test'), tried.get('once@wait.test')]).toEqual([1, 1]);
    await advanceQueue(t, 60);
    await t.settle();
    expect([tried.get('always@wait.test'), tried.get('once@wait.test')]).toEqual([2, 2]);
    expect((await c.row('once@wait.test')).status).toBe('sent');
    const again = await c.row('always@wait.test');
    expect([again.status, again.attempts, again.notBefore.getTime() - t0]).toEqual(['queued', 2, (2 + 60) * 60_000]);
    expect((await c.campaign()).stats).toMatchObject({ queued: 1, deferred: 1, sent: 2, failed: 0 });

    // The second wait is the hour; the third refusal uses the waits up and fails the row, and the campaign ends.
    await advanceQueue(t, 59 * 60);
    await t.settle();
    expect(tried.get('always@wait.test')).toBe(2);
    await advanceQueue(t, 60);
    await t.settle();
    expect(tried.get('always@wait.test')).toBe(3);
    const failed = await c.row('always@wait.test');
    expect([failed.status, failed.attempts, failed.error]).toEqual([
      'failed',
      3,
      expect.stringMatching(/^Refused 3 times, the last: .*451/),
    ]);
    expect(await c.campaign()).toMatchObject({
      status: 'sent',
      stats: { queued: 0, deferred: 0, sent: 2, failed: 1 },
    });
  });
});

describe('MAILER_RETRY_WAITS=none', () => {
  it('a refusal for now fails the message at once, with the server’s reply as its error', async () => {
    const t = await createTestApp({ env: { SMTP_URL: sink.url, MAILER_RETRY_WAITS: 'none' } });
    try {
      const c = await send(t, ['none@wait.test']);
      const row = await c.row('none@wait.test');
      expect([row.status, row.attempts, row.error]).toEqual(['failed', 1, expect.stringMatching(/^(?!Refused).*451/)]);
      expect(tried.get('none@wait.test')).toBe(1);
      expect(await c.campaign()).toMatchObject({ status: 'sent', stats: { queued: 0, deferred: 0, failed: 1 } });
    } finally {
      await t.close();
    }
  });
});

describe('reading the setting', () => {
  const read = (value?: string) => loadConfig(value === undefined ? {} : { MAILER_RETRY_WAITS: value }, modules);

  it('defaults to 1, 5 and 30 minutes; takes s, m, h and d; none is no retry', () => {
    expect(read().mailer.retryWaits).toEqual([60_000, 300_000, 1_800_000]);
    expect(read('').mailer.retryWaits).toEqual([60_000, 300_000, 1_800_000]);
    expect(read('30s, 10m,2H,1d').mailer.retryWaits).toEqual([30_000, 600_000, 7_200_000, 86_400_000]);
    expect(read('NONE').mailer.retryWaits).toEqual([]);
  });

  it.each([
    ['5', 'entry 1 ("5") is not a duration from 1s to 7d'],
    ['1m,0s', 'entry 2 ("0s") is not a duration from 1s to 7d'],
    ['1m,8d', 'entry 2 ("8d") is not a duration from 1s to 7d'],
    ['1m,,5m', 'entry 2 ("") is not a duration from 1s to 7d'],
    ['soon', 'entry 1 ("soon") is not a duration from 1s to 7d'],
    ['-1m', 'entry 1 ("-1m") is not a duration from 1s to 7d'],
    [Array(21).fill('1m').join(','), '21 entries, at most 20'],
  ])('%j stops the start, naming the key and what is wrong', (value, problem) => {
    let err: unknown;
    try {
      read(value);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toContain(
      `MAILER_RETRY_WAITS: must be durations such as 1m,5m,30m (a whole number with s, m, h or d each) or none: ${problem} (got ${JSON.stringify(value)})`,
    );
  });
});
