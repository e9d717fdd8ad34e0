// The hourly jobs of group membership: the expire sweep and the drip release. Run twice, or on two instances at once
// against one database, they move nothing twice and fire no event twice; a throwing listener stops nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/platform/config.ts';
import { releaseAfterPrerequisite, releaseDueDrips } from '../../../src/modules/member/core/access/drip.ts';
import { expireSweep } from '../../../src/modules/member/core/service/sweep.ts';
import { createAtrium, type Atrium } from '../../../src/server.ts';
import { createTestApp, type Caller, type TestApp } from '../../helpers/app.ts';
import { api, membership, ok, plan, recordEvents, type Api } from './helpers.ts';

let t: TestApp;
let second: Atrium;
let admin: Caller;
let a: Api;

beforeAll(async () => {
  t = await createTestApp();
  second = await createAtrium({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://atrium.test' }),
    db: t.db,
    clock: t.clock,
    migrate: false,
    bootstrap: false,
  });
  admin = await t.as('administrator');
  a = api(t, admin);
});
afterAll(async () => {
  await t?.close();
});

describe('membership/access/expire-sweep', () => {
  it('the five hooks of the seed are in group membership: three hourly, two daily', async () => {
    const jobs = await t.platform.jobs.status();
    expect(jobs.filter((j) => j.group === 'membership').map((j) => [j.hook, j.schedule])).toEqual([
      ['membership/access/expire-sweep', '7 * * * *'],
      ['membership/drip/release', '12 * * * *'],
      ['membership/lifecycle/run', '17 * * * *'],
      ['membership/health/recompute', '40 3 * * *'],
      ['membership/analytics/snapshot', '5 0 * * *'],
    ]);
  });

  it('trials end into active, scheduled cancellations end, unrenewed periods expire — once, on two instances at once', async () => {
    t.clock.set('2026-11-22T00:00:00Z');
    const daily = await plan(a, { interval: 'day' });
    const trial = await plan(a, { interval: 'week', trial_days: 1 });
    const expiring = await Promise.all(
      [0, 1, 2].map(async () => membership(a, (await t.as('subscriber')).userId, daily.id)),
    );
    const cancelling = await membership(a, (await t.as('subscriber')).userId, daily.id);
    await ok(await a.post(`/memberships/${cancelling.id}/cancel`, { reason: 'bye' }));
    const trialing = await membership(a, (await t.as('subscriber')).userId, trial.id);
    const events = recordEvents(t, ['member/membership/expired']);
    const secondEvents: unknown[] = [];
    second.platform.events.on('member/membership/expired', (p) => void secondEvents.push(p));

    t.clock.advance({ days: 1, minutes: 1 });
    const [x, y] = await Promise.all([expireSweep(t.platform), expireSweep(second.platform)]);
    expect(x.expired + y.expired).toBe(3);
    expect(x.cancelled + y.cancelled).toBe(1);
    expect(x.activated + y.activated).toBe(1);
    expect([...events.map((e) => e.payload), ...secondEvents].map((p: any) => p.membership_id).sort()).toEqual(
      expiring.map((m) => m.id).sort(),
    );
    expect(events.map((e) => e.payload)[0] ?? secondEvents[0]).toMatchObject({
      user_id: expect.any(Number),
      plan_id: daily.id,
    });

    const again = await expireSweep(t.platform);
    expect(again).toEqual({ resumed: 0, activated: 0, cancelled: 0, expired: 0 });
    const rows = await t.platform.prisma.membership.findMany({
      where: { id: { in: [...expiring.map((m) => m.id), cancelling.id, trialing.id] } },
      orderBy: { id: 'asc' },
    });
    expect(rows.map((r) => r.status)).toEqual(['expired', 'expired', 'expired', 'cancelled', 'active']);
    expect(rows[0]!.endedAt?.toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });

  it('a throwing listener is logged; the other listeners still get the event', async () => {
    const daily = await plan(a, { interval: 'day' });
    const m = await membership(a, (await t.as('subscriber')).userId, daily.id);
    t.platform.events.on(
      'member/membership/expired',
      () => {
        throw new Error('listener exploded');
      },
      1,
    );
    const events = recordEvents(t, ['member/membership/expired']);
    t.clock.advance({ days: 2 });
    expect((await t.platform.jobs.runNow('membership/access/expire-sweep')).status).toBe('succeeded');
    expect(events.map((e) => e.payload.membership_id)).toContain(m.id);
  });
});

describe('membership/drip/release', () => {
  it('announces each (user, item) once ever, whoever runs it and however often', async () => {
    t.clock.set('2026-12-01T00:00:00Z');
    const gold = await plan(a);
    await ok(
      await a.post('/access-rules', {
        target_type: 'lesson',
        target_id: 501,
        plan_ids: [gold.id],
        drip_method: 'days_after_start',
        drip_days: 2,
      }),
      201,
    );
    await ok(
      await a.post('/access-rules', {
        target_type: 'lesson',
        plan_ids: [gold.id],
        drip_method: 'date',
        drip_date: '2026-12-02T12:00:00Z',
      }),
      201,
    );
    const users = await Promise.all([0, 1].map(async () => (await t.as('subscriber')).userId));
    for (const u of users) await membership(a, u, gold.id);
    const outsider = (await t.as('subscriber')).userId;
    const events = recordEvents(t, ['member/drip/released']);
    const secondEvents: any[] = [];
    second.platform.events.on('member/drip/released', (p) => void secondEvents.push(p));

    expect(await releaseDueDrips(t.platform)).toBe(0);
    t.clock.set('2026-12-02T12:00:00Z');
    await Promise.all([releaseDueDrips(t.platform), releaseDueDrips(second.platform)]);
    t.clock.set('2026-12-03T00:00:00Z');
    await Promise.all([
      releaseDueDrips(t.platform),
      releaseDueDrips(second.platform),
      t.platform.jobs.runNow('membership/drip/release'),
    ]);
    await releaseDueDrips(t.platform);

    const all = [...events.map((e) => e.payload), ...secondEvents];
    const key = (p: any) => `${p.user_id}:${p.target_type}:${p.target_id}`;
    expect(all.map(key).sort()).toEqual(users.flatMap((u) => [`${u}:lesson:501`, `${u}:lesson:null`]).sort());
    expect(all.some((p) => p.user_id === outsider)).toBe(false);
  });

  it('a completed prerequisite releases what waits on it, once', async () => {
    const gold = await plan(a);
    await ok(
      await a.post('/access-rules', {
        target_type: 'lesson',
        target_id: 601,
        plan_ids: [gold.id],
        drip_method: 'after_prerequisite',
        prerequisite_type: 'lesson',
        prerequisite_id: 600,
      }),
      201,
    );
    const learner = (await t.as('subscriber')).userId;
    await membership(a, learner, gold.id);
    const events = recordEvents(t, ['member/drip/released']);
    const secondEvents: any[] = [];
    second.platform.events.on('member/drip/released', (p) => void secondEvents.push(p));
    expect(await releaseAfterPrerequisite(t.platform, learner, { type: 'lesson', id: 599 })).toBe(0);
    const [x, y] = await Promise.all([
      releaseAfterPrerequisite(t.platform, learner, { type: 'lesson', id: 600 }),
      releaseAfterPrerequisite(second.platform, learner, { type: 'lesson', id: 600 }),
    ]);
    expect(x + y).toBe(1);
    // Either instance may win the race: the event comes once, from the winner.
    expect([...events.map((e) => e.payload), ...secondEvents]).toEqual([
      { user_id: learner, target_type: 'lesson', target_id: 601 },
    ]);
  });
});
