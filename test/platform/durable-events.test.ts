// Durable events on the job engine (issue 28): every durable listener of an event emitted with `after.emit` is a job
// added in the transaction of the write — rolled-back work adds none — run by a worker after the commit, retried with
// exponential backoff, each listener on its own (one failing does not run the others again), and kept as failed with
// its error after its last attempt. A real process killed between the commit and the delivery loses nothing.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { modules as installed } from '../../src/modules/index.ts';
import type { Module } from '../../src/modules/module.ts';
import { durable } from '../../src/platform/events.ts';
import { transaction } from '../../src/platform/transaction.ts';
import { createTestApp, type Caller, type TestApp } from '../helpers/app.ts';
import { advanceQueue, jobsOf } from '../helpers/jobs.ts';
import { contactForm, createForm } from '../modules/forms/helpers.ts';

declare module '../../src/platform/events.ts' {
  interface AtriumEvents {
    'test/durable/happened': { id: number };
  }
}

/** How many more attempts of each listener fail, by event id; and what each listener delivered. */
const failing = { first: new Map<number, number>(), second: new Map<number, number>() };
const delivered = { first: [] as number[], second: [] as number[] };
/** While set, the first listener waits for it (a job held by a live worker). */
let gate: Promise<void> | null = null;
const listener = (which: 'first' | 'second', maxAttempts?: number) =>
  durable({
    event: 'test/durable/happened',
    name: `test/on/happened-${which}`,
    maxAttempts,
    async handle(_platform, { id }) {
      if (which === 'first') await gate;
      const left = failing[which].get(id) ?? 0;
      if (left > 0) {
        failing[which].set(id, left - 1);
        throw new Error(`${which} listener: database busy (${left} more)`);
      }
      delivered[which].push(id);
    },
  });
const testModule: Module = { name: 'test-durable', listeners: [listener('first'), listener('second', 2)] };

let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp({ modules: [...installed, testModule] });
  admin = await t.as('administrator');
});
afterAll(() => t?.close());

const emit = (id: number) => transaction(t.platform, async (_tx, after) => after.emit('test/durable/happened', { id }));

describe('durable listeners', () => {
  it('run after the commit, once each; rolled-back work adds no job; in-process listeners still run in process', async () => {
    const seen: number[] = [];
    const off = t.platform.events.on('test/durable/happened', (p) => void seen.push(p.id));
    await emit(1);
    await expect(
      transaction(t.platform, async (_tx, after) => {
        after.emit('test/durable/happened', { id: 2 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(seen).toEqual([1]);
    await t.settle();
    expect([delivered.first, delivered.second]).toEqual([[1], [1]]);
    expect(await jobsOf(t.platform, 'test/on/happened-first')).toEqual([]); // a done job leaves no row
    off();
  });

  it('a listener that fails twice is delivered once, after its retries (exp backoff); the other listener runs once', async () => {
    failing.first.set(3, 2);
    await emit(3);
    await t.settle();
    expect([delivered.first.includes(3), delivered.second.filter((id) => id === 3)]).toEqual([false, [3]]);
    let [job] = await jobsOf(t.platform, 'test/on/happened-first');
    expect(job).toMatchObject({
      attempts: 1,
      last_error: 'first listener: database busy (2 more)',
      payload: { id: 3 },
    });

    await advanceQueue(t, 2); // the first retry waits e^1 ≈ 2.7 s: not yet
    await t.settle();
    expect((await jobsOf(t.platform, 'test/on/happened-first'))[0]).toMatchObject({ attempts: 1 });
    await advanceQueue(t, 1);
    await t.settle();
    [job] = await jobsOf(t.platform, 'test/on/happened-first');
    expect(job).toMatchObject({ attempts: 2, last_error: 'first listener: database busy (1 more)' });
    await advanceQueue(t, 8); // e^2 ≈ 7.4 s
    await t.settle();
    expect(delivered.first.filter((id) => id === 3)).toEqual([3]);
    expect(delivered.second.filter((id) => id === 3)).toEqual([3]);
    expect(await jobsOf(t.platform, 'test/on/happened-first')).toEqual([]);
  });

  it('after its last attempt a job is kept as failed, with its error, and runs no more', async () => {
    failing.second.set(4, 5);
    await emit(4);
    await t.settle();
    await advanceQueue(t, 3);
    await t.settle();
    const [job] = await jobsOf(t.platform, 'test/on/happened-second');
    expect(job).toMatchObject({
      attempts: 2,
      max_attempts: 2,
      last_error: 'second listener: database busy (4 more)',
      locked_by: null,
    });
    await advanceQueue(t, 3600);
    await t.settle();
    expect((await jobsOf(t.platform, 'test/on/happened-second'))[0]).toMatchObject({ attempts: 2 });
    expect(delivered.second).not.toContain(4);
    expect(delivered.first).toContain(4);
  });
});

describe('a process killed between the commit and the delivery', () => {
  // Another Atrium process (with its own workers) writes to the same database and is killed.
  /** Counts what this instance's workers ran, from before the crash (they may deliver while the child dies). */
  let ranHere: string[] = [];
  const ran = ({ job }: { job: { task_identifier: string } }) => void ranHere.push(job.task_identifier);
  beforeAll(() => void t.platform.queue.events.on('job:success', ran));
  afterAll(() => void t.platform.queue.events.off('job:success', ran));

  const crash = async (mode: 'commit' | 'job', email: string) => {
    ranHere = [];
    const form = await createForm(t, admin, contactForm({ mailingFeed: { emailField: 'email' } }));
    const child = promisify(execFile)(process.execPath, ['--import', 'tsx', 'test/fixtures/crash-after-commit.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: t.db.url,
        FORM_ID: String(form.id),
        EMAIL: email,
        NOW: t.clock.now().toISOString(),
        CRASH: mode,
      },
    });
    await expect(child).rejects.toMatchObject({ signal: 'SIGKILL' });
    expect(await t.platform.prisma.formEntry.count({ where: { formId: form.id } })).toBe(1);
  };
  /** Waits until this instance's workers ran the subscription's job (given back first if a dead pool held it). */
  const deliveredHere = async (email: string) => {
    let recovered = 0;
    await vi.waitFor(
      async () => {
        recovered += await t.platform.queue.recover();
        await t.settle();
        expect(ranHere).toEqual(['mailer/on/subscription-requested']);
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(await t.platform.prisma.mailerSubscriber.findUnique({ where: { email } })).toMatchObject({
      email,
      status: 'unconfirmed',
    });
    expect(await jobsOf(t.platform, 'mailer/on/subscription-requested')).toEqual([]);
    return recovered;
  };

  it("killed after its commit: the entry reaches the mailing list through another instance's workers", async () => {
    await crash('commit', 'crash@example.com');
    await deliveredHere('crash@example.com');
  }, 60_000);

  it('killed while its worker runs the job: the job is given back (its pool has no connection left) and delivered', async () => {
    await t.platform.queue.stop(); // this instance takes no job meanwhile: the child's worker must take it
    try {
      await crash('job', 'crash-in-job@example.com');
      const [held] = await jobsOf(t.platform, 'mailer/on/subscription-requested');
      expect(held).toMatchObject({ attempts: 1, locked_by: expect.stringMatching(/^pool-/) });
    } finally {
      await t.platform.queue.start(2);
    }
    expect(await deliveredHere('crash-in-job@example.com')).toBe(1); // the dead pool's job, given back
  }, 60_000);

  it('a live pool keeps its jobs: recover() gives back none of them', async () => {
    let release!: () => void;
    gate = new Promise<void>((r) => (release = r));
    await emit(5);
    await vi.waitFor(
      async () => expect((await jobsOf(t.platform, 'test/on/happened-first'))[0]?.locked_by).toMatch(/^pool-/),
      { interval: 20 },
    );
    expect(await t.platform.queue.recover()).toBe(0);
    expect((await jobsOf(t.platform, 'test/on/happened-first'))[0]?.locked_by).toMatch(/^pool-/);
    release();
    gate = null;
    await t.settle();
    expect(delivered.first.filter((id) => id === 5)).toEqual([5]);
  });
});
