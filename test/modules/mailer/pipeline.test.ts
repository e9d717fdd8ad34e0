// A lane claims its next batch while the last messages of the current one are still in flight (batch.ts). Proof that
// it does, and that a pause or a cancel still stops it after the rows it holds, with nobody mailed twice: the SMTP
// server holds the last message of the first batch and of the second, so the second batch is claimed (and sent) while
// the first is unfinished, and the lane can claim nothing more until one of them is answered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { startSmtpSink } from '../../helpers/smtp.ts';
import { api, draft, seedList, settle, type Api } from './helpers.ts';

const BATCH = 8;
let t: TestApp;
let a: Api;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let list: { id: number };
/** The held addresses: the last of the first batch and of the second (recipients are claimed in subscriber order). */
const HELD = [`user${BATCH - 1}@pipe.test`, `user${2 * BATCH - 1}@pipe.test`];
let holding: { release: () => void; released: Promise<void>; arrived: Set<string>; bothHeld: () => void } | null;

beforeAll(async () => {
  sink = await startSmtpSink({
    hold: (to) => {
      if (!holding || !HELD.includes(to[0]!)) return undefined;
      holding.arrived.add(to[0]!);
      if (holding.arrived.size === HELD.length) holding.bothHeld();
      return holding.released;
    },
  });
  t = await createTestApp({ env: { SMTP_URL: sink.url, MAILER_BATCH_SIZE: String(BATCH), MAILER_SEND_LANES: '1' } });
  a = api(t, await t.as('administrator'));
  ({ list } = await seedList(a, 3 * BATCH, 'pipe.test', 'Pipelined'));
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

/** Starts a campaign to the list and resolves once both held messages are at the SMTP server, unanswered. */
async function sendUntilBothHeld() {
  sink.messages.length = 0;
  let bothHeld!: () => void;
  const held = new Promise<void>((r) => (bothHeld = r));
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  holding = { release, released, arrived: new Set(), bothHeld };
  const c = await draft(a, { list_ids: [list.id] });
  expect((await a.post(`/campaigns/${c.id}/send`)).status).toBe(202);
  await held; // the second batch's last message arrived while the first batch's last one was still unanswered
  return c;
}

const addresses = () => sink.messages.map((m) => m.envelope.to[0]!);

/** Lets the held messages go, waits for the lanes to settle and answers the addresses mailed so far. */
async function releaseAndSettle() {
  holding!.release();
  holding = null;
  await settle(t);
  return addresses();
}

describe('a pipelined lane', () => {
  it('claims the next batch during the tail of the last; a pause stops it after the rows it holds; resume finishes', async () => {
    const c = await sendUntilBothHeld();
    expect((await a.post(`/campaigns/${c.id}/pause`)).body.status).toBe('paused');
    const mailed = await releaseAndSettle();
    // Two batches held when paused: they go, nothing after them.
    expect(mailed).toHaveLength(2 * BATCH);
    expect(new Set(mailed).size).toBe(2 * BATCH);
    expect((await a.get(`/campaigns/${c.id}`)).body).toMatchObject({
      status: 'paused',
      stats: { recipients: 3 * BATCH, sent: 2 * BATCH, queued: BATCH },
    });

    expect((await a.post(`/campaigns/${c.id}/resume`)).body.status).toBe('sending');
    await settle(t);
    expect(addresses()).toHaveLength(3 * BATCH);
    expect(new Set(addresses()).size).toBe(3 * BATCH); // nobody twice
    expect((await a.get(`/campaigns/${c.id}`)).body).toMatchObject({
      status: 'sent',
      stats: { sent: 3 * BATCH, queued: 0, failed: 0 },
    });
  });

  it('a cancel during the tail drops everything not yet claimed; the rows held are sent once', async () => {
    const c = await sendUntilBothHeld();
    expect((await a.post(`/campaigns/${c.id}/cancel`)).body.status).toBe('cancelled');
    const mailed = await releaseAndSettle();
    expect(mailed).toHaveLength(2 * BATCH);
    expect(new Set(mailed).size).toBe(2 * BATCH);
    expect((await a.get(`/campaigns/${c.id}`)).body).toMatchObject({
      status: 'cancelled',
      stats: { recipients: 3 * BATCH, sent: 2 * BATCH, queued: 0 },
    });
  });
});
