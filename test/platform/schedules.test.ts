// Scheduled jobs on the job engine (issue 28): node-cron's fire claims (hook, period) and adds the period's job with
// its job_key in one transaction, so with several instances each period runs once, on whichever worker takes it; a
// failing run is retried with backoff and kept as failed after its last attempt; a manual run is its own period.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/platform/config.ts';
import { modules as installed } from '../../src/modules/index.ts';
import { Jobs } from '../../src/platform/jobs.ts';
import type { Module } from '../../src/modules/module.ts';
import { createAtrium, type Atrium } from '../../src/server.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { advanceQueue, jobsOf } from '../helpers/jobs.ts';

let runs = 0;
let failures = 0;
const testModule: Module = {
  name: 'test-schedules',
  jobs: [
    { hook: 'test/count', schedule: '0 * * * *', description: 'counts', run: async () => void runs++ },
    {
      hook: 'test/flaky',
      schedule: '30 * * * *',
      description: 'fails while failures > 0',
      maxAttempts: 2,
      run: async () => {
        if (failures-- > 0) throw new Error('disk full');
      },
    },
  ],
};
const modules = [...installed, testModule];

let t: TestApp;
let b: Atrium;
beforeAll(async () => {
  t = await createTestApp({ modules });
  // A second instance over the same database, with its own workers.
  const env = { NODE_ENV: 'test' as const, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://atrium.test' };
  b = await createAtrium({
    config: loadConfig(env, modules),
    db: t.db,
    clock: t.clock,
    migrate: false,
    bootstrap: false,
    modules,
  });
});
afterAll(async () => {
  await t?.platform.queue.stop(); // b's close ends the shared database: no worker may be left on it
  await b?.close();
  await t?.close();
});

/** Either instance's workers may take a job: wait for both. */
const settle = () => Promise.all([t.settle(), b.platform.queue.settle()]);
const lastRun = async (hook: string) => (await t.platform.jobs.status()).find((s) => s.hook === hook)?.lastRun;

describe('scheduled jobs', () => {
  it('both instances fire for one period: one claim, one job (its key is hook@period), one run', async () => {
    const claims = await Promise.all([
      t.platform.jobs.enqueue('test/count', '2026-11-22T03:00'),
      b.platform.jobs.enqueue('test/count', '2026-11-22T03:00'),
    ]);
    expect(claims.sort()).toEqual([false, true]);
    await settle();
    expect(runs).toBe(1);
    expect(await lastRun('test/count')).toMatchObject({ period: '2026-11-22T03:00', status: 'succeeded', error: null });
    expect(await t.platform.jobs.enqueue('test/count', '2026-11-22T03:00')).toBe(false); // done: still claimed
    t.clock.advance({ hours: 1 });
    expect(await t.platform.jobs.enqueue('test/count', '2026-11-22T04:00')).toBe(true); // the next period
    await settle();
    expect(runs).toBe(2);
  });

  it('a failing run is retried with backoff, then kept as failed with its error', async () => {
    failures = 1;
    expect(await t.platform.jobs.enqueue('test/flaky', '2026-11-22T03:30')).toBe(true);
    await settle();
    expect(await lastRun('test/flaky')).toMatchObject({ status: 'retrying', error: 'disk full' });
    expect((await jobsOf(t.platform, 'test/flaky'))[0]).toMatchObject({ attempts: 1, last_error: 'disk full' });
    await advanceQueue(t, 3);
    await settle();
    expect(await lastRun('test/flaky')).toMatchObject({ status: 'succeeded', error: null });

    failures = 5;
    t.clock.advance({ hours: 1 });
    vi.spyOn(t.platform.logger, 'error').mockImplementation(() => {});
    await t.platform.jobs.enqueue('test/flaky', '2026-11-22T04:30');
    await settle();
    await advanceQueue(t, 3);
    await settle();
    expect(await lastRun('test/flaky')).toMatchObject({
      period: '2026-11-22T04:30',
      status: 'failed',
      error: 'disk full',
    });
    expect((await jobsOf(t.platform, 'test/flaky'))[0]).toMatchObject({
      attempts: 2,
      max_attempts: 2,
      last_error: 'disk full',
    });
    vi.mocked(t.platform.logger.error).mockRestore();
  });

  it('a manual run is its own period, runs here and answers its outcome; unknown hooks are 404', async () => {
    failures = 0;
    t.clock.advance({ hours: 1 });
    const before = runs;
    expect(await t.platform.jobs.runNow('test/count')).toEqual({ status: 'succeeded' });
    expect(runs).toBe(before + 1);
    expect((await lastRun('test/count'))?.period).toMatch(/^manual:/);
    failures = 1;
    t.clock.advance({ minutes: 1 });
    vi.spyOn(t.platform.logger, 'error').mockImplementation(() => {});
    expect(await t.platform.jobs.runNow('test/flaky')).toEqual({ status: 'failed', error: 'disk full' });
    vi.mocked(t.platform.logger.error).mockRestore();
    await expect(t.platform.jobs.runNow('test/nope')).rejects.toMatchObject({ code: 'job_not_found', status: 404 });
    expect((await t.platform.jobs.status()).find((s) => s.hook === 'test/count')?.nextRun).toBeInstanceOf(Date);
  });

  it('rejects bad cron expressions and duplicate hooks at start-up', () => {
    const run = async () => {};
    expect(() => new Jobs(t.platform, [{ hook: 'x', schedule: 'every hour', description: '', run }])).toThrow(
      /invalid cron/,
    );
    expect(
      () =>
        new Jobs(t.platform, [
          { hook: 'x', schedule: '0 * * * *', description: '', run },
          { hook: 'x', schedule: '0 * * * *', description: '', run },
        ]),
    ).toThrow(/twice/);
  });
});
