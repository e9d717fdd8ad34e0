// GET /metrics: the mail queue by state (src/modules/mailer/metrics.ts). Messages waiting for a retry are told from
// those not tried yet and those in flight; the states part the stats' queued, and state="deferred" is their deferred.
// The rows are seeded as the sender leaves them (paused campaigns: no lane moves them); retry.test.ts shows a real
// refusal moving a row into state="deferred" and out of it.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { api, mailQueue, pausedCampaign as seedPaused } from './helpers.ts';

const TOKEN = 'metrics-token-0123456789';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(async () => {
  await t?.close();
});

type Row = { status: string; attempts?: number; notBefore?: Date };

/** A paused campaign whose recipients are `rows`, due now unless they say (numbered addresses). */
const pausedCampaign = (name: string, rows: Row[]) =>
  seedPaused(
    t,
    name,
    rows.map((r, i) => ({ email: `${name}${i}@example.org`, notBefore: t.clock.now(), ...r })),
  );

it('counts queued, deferred and sending apart, each as the campaign stats count them', async () => {
  expect(await mailQueue(t, TOKEN)).toEqual({ queued: 0, deferred: 0, sending: 0 });
  const later = new Date(t.clock.now().getTime() + 5 * 60_000);
  const a = await pausedCampaign('a', [
    { status: 'queued' },
    { status: 'queued' },
    { status: 'queued', attempts: 1, notBefore: later }, // refused once, its retry in 5 minutes
    { status: 'sending' },
    { status: 'sending', attempts: 2 }, // a retry in flight: sending, no longer waiting
    { status: 'sent' },
    { status: 'failed', attempts: 4 },
    { status: 'cancelled' },
  ]);
  const b = await pausedCampaign('b', [
    { status: 'queued' },
    { status: 'queued', attempts: 2, notBefore: later },
    { status: 'queued', attempts: 1, notBefore: t.clock.now() }, // its wait is over, not yet taken again
  ]);
  expect(await mailQueue(t, TOKEN)).toEqual({ queued: 3, deferred: 3, sending: 2 });

  const admin = api(t, await t.as('administrator'));
  const stats = await Promise.all([a, b].map(async (id) => (await admin.get(`/campaigns/${id}`)).body.stats));
  expect(stats).toEqual([
    expect.objectContaining({ queued: 5, deferred: 1 }),
    expect.objectContaining({ queued: 3, deferred: 2 }),
  ]);
  // sum(atrium_mail_queue) is the stats' queued over every campaign, and state="deferred" their deferred.
  expect(stats[0].queued + stats[1].queued).toBe(3 + 3 + 2);
  expect(stats[0].deferred + stats[1].deferred).toBe(3);
});
