// membership/lifecycle/run as the clock moves: each (membership, stage) fires member/lifecycle/<stage> once, ever —
// run again, or on two instances at once, it fires nothing twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../src/platform/config.ts';
import { runLifecycle } from '../../../../src/modules/member/insight/lifecycle.ts';
import { ManualClock } from '../../../../src/platform/clock.ts';
import { createAtrium, type Atrium } from '../../../../src/server.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';
import { api, membership, ok, plan, recordEvents, type Api } from '../helpers.ts';

let t: TestApp;
let second: Atrium;
let a: Api;
const STAGES = ['trial_ending', 'renewal_upcoming', 'inactive', 'win_back'].map((s) => `member/lifecycle/${s}`);

beforeAll(async () => {
  t = await createTestApp({ clock: new ManualClock('2026-01-01T00:00:00Z') });
  second = await createAtrium({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://atrium.test' }),
    db: t.db,
    clock: t.clock,
    migrate: false,
    bootstrap: false,
  });
  a = api(t, await t.as('administrator'));
});
// `second` shares t's database: closing t closes it (as in ../jobs.test.ts).
afterAll(() => t?.close());

const run = async () => {
  // Whichever instance inserts a stage fires its event, on its own bus: listen on both.
  const events = recordEvents(t, STAGES);
  const other = recordEvents({ platform: second.platform } as TestApp, STAGES);
  await Promise.all([
    t.platform.jobs.runNow('membership/lifecycle/run'),
    runLifecycle(second.platform),
    runLifecycle(t.platform),
  ]);
  return [...events, ...other].map((e) => [e.name.replace('member/lifecycle/', ''), e.payload.membership_id]);
};

describe('membership/lifecycle/run', () => {
  it('fires each stage once per membership as the clock moves', async () => {
    const trial = await plan(a, { name: 'Trial', interval: 'month', trial_days: 7 });
    const monthly = await plan(a, { name: 'Monthly', interval: 'month' });
    const triallist = await membership(a, (await t.as('subscriber', 'trial')).userId, trial.id);
    const renewing = await membership(a, (await t.as('subscriber', 'renewing')).userId, monthly.id);
    const leaver = await membership(a, (await t.as('subscriber', 'leaver')).userId, monthly.id);
    const returner = await t.as('subscriber', 'returner');
    const returned = await membership(a, returner.userId, monthly.id);
    await ok(await a.post(`/memberships/${leaver.id}/cancel`, { immediately: true }));
    await ok(await a.post(`/memberships/${returned.id}/cancel`, { immediately: true }));
    const yearly = await plan(a, { name: 'Yearly', interval: 'year' });
    const back = await membership(a, returner.userId, yearly.id);

    expect(await run()).toEqual([]);
    t.clock.set('2026-01-05T01:00:00Z'); // the trial ends in under 3 days
    expect(await run()).toEqual([['trial_ending', triallist.id]]);
    expect(await run()).toEqual([]);

    t.clock.set('2026-01-25T01:00:00Z'); // the monthly period ends on Feb 1: within 7 days
    expect((await run()).sort()).toEqual([['renewal_upcoming', renewing.id]]);

    t.clock.set('2026-01-31T01:00:00Z'); // 30 days without activity; one ended 30 days ago; the returner is back
    const last = await run();
    expect(last.filter(([s]) => s === 'win_back')).toEqual([['win_back', leaver.id]]);
    expect(
      last
        .filter(([s]) => s === 'inactive')
        .map(([, id]) => id)
        .sort((x, y) => Number(x) - Number(y)),
    ).toEqual([triallist.id, renewing.id, back.id]);
    expect(await run()).toEqual([]);
    const stored = await t.platform.prisma.memberLifecycleStage.findMany();
    expect(new Set(stored.map((s) => `${s.membershipId}:${s.stage}`)).size).toBe(stored.length);
  });

  it('an active member is not inactive; an old ending is not won back', async () => {
    const monthly = (await a.get('/plans')).body.find((p: any) => p.name === 'Monthly');
    const active = await t.as('subscriber', 'active');
    const m = await membership(a, active.userId, monthly.id);
    const lounge = await ok(await a.post('/spaces', { name: 'Lounge', visibility: 'public' }), 201);
    t.clock.set('2026-02-20T00:00:00Z');
    await ok(await api(t, active).post('/topics', { space_id: lounge.id, title: 'Still here', body: 'yes' }), 201);
    t.clock.set('2026-03-02T00:00:00Z');
    expect((await run()).filter(([, id]) => id === m.id).map(([s]) => s)).not.toContain('inactive');
    t.clock.set('2026-06-01T00:00:00Z'); // the leaver ended in January: too long ago, and won back once already
    expect((await run()).filter(([s]) => s === 'win_back')).toEqual([]);
  });
});
