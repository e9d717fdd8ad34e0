// The job queue for operators (issue 28): failed work listed with its error, run again with `retryJob` (its attempts
// back), only by administrators; site health warns while a job is kept as failed; /metrics counts jobs by task and
// outcome with their durations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modules as installed } from '../../src/modules/index.ts';
import type { Module } from '../../src/modules/module.ts';
import { durable } from '../../src/platform/events.ts';
import { transaction } from '../../src/platform/transaction.ts';
import { graphql } from '../gql/index.ts';
import { createTestApp, type Caller, type TestApp } from '../helpers/app.ts';
import { checkOf } from '../modules/intel/helpers.ts';

declare module '../../src/platform/events.ts' {
  interface AtriumEvents {
    'test/admin/happened': { id: number };
  }
}

let broken = true;
const delivered: number[] = [];
const testModule: Module = {
  name: 'test-job-admin',
  listeners: [
    durable({
      event: 'test/admin/happened',
      name: 'test/on/admin-happened',
      maxAttempts: 1,
      async handle(_p, { id }) {
        if (broken) throw new Error('SMTP server unreachable');
        delivered.push(id);
      },
    }),
  ],
};

const FailedJobs = graphql(`
  query GqlFailedJobs {
    failedJobs {
      total
      items {
        id
        task
        state
        attempts
        maxAttempts
        lastError
        payload
        updatedAt
      }
    }
  }
`);
const QueueJobs = graphql(`
  query GqlQueueJobs($state: QueueJobState, $perPage: Int) {
    queueJobs(state: $state, perPage: $perPage) {
      total
      items {
        id
        task
        state
        attempts
        runAt
        key
      }
    }
  }
`);
const RetryJob = graphql(`
  mutation GqlRetryJob($id: String!) {
    retryJob(id: $id) {
      id
      task
      state
      attempts
    }
  }
`);

const TOKEN = 'metrics-token-0123456789';
let t: TestApp;
let admin: Caller;
let editor: Caller;
beforeAll(async () => {
  t = await createTestApp({ modules: [...installed, testModule], env: { METRICS_TOKEN: TOKEN } });
  [admin, editor] = await Promise.all([t.as('administrator'), t.as('editor')]);
});
afterAll(() => t?.close());

describe('failed jobs', () => {
  let id: string;

  it('a job whose last attempt failed is listed with its error; site health warns', async () => {
    await transaction(t.platform, async (_tx, after) => after.emit('test/admin/happened', { id: 1 }));
    await t.settle();
    const res = await t.gql(FailedJobs, undefined, admin);
    expect(res.data?.failedJobs.total).toBe(1);
    expect(res.data?.failedJobs.items).toEqual([
      expect.objectContaining({
        task: 'test/on/admin-happened',
        state: 'failed',
        attempts: 1,
        maxAttempts: 1,
        lastError: 'SMTP server unreachable',
        payload: { id: 1 },
      }),
    ]);
    id = res.data!.failedJobs.items[0]!.id;
    expect((await t.gql(QueueJobs, { state: 'failed' }, admin)).data?.queueJobs.items.map((j) => j.id)).toEqual([id]);
    expect((await t.gql(QueueJobs, { state: 'queued' }, admin)).data?.queueJobs).toEqual({ total: 0, items: [] });

    const check = await checkOf(t, admin, 'jobs_failed');
    expect(check).toMatchObject({ status: 'warning', score_impact: 5 });
    expect(check.detail).toContain('test/on/admin-happened: 1 failed');
    expect(check.detail).toContain('atrium jobs retry');
  });

  it('only administrators see or retry jobs', async () => {
    for (const caller of [editor, undefined]) {
      expect((await t.gql(FailedJobs, undefined, caller)).errors?.[0]?.extensions.code).toMatch(
        /^rest_(forbidden|not_logged_in)$/,
      );
      expect((await t.gql(RetryJob, { id }, caller)).errors?.[0]?.extensions.code).toMatch(
        /^rest_(forbidden|not_logged_in)$/,
      );
    }
  });

  it('retryJob runs it again with its attempts back: delivered, then gone; unknown ids 404, bad ids 400', async () => {
    broken = false;
    const res = await t.gql(RetryJob, { id }, admin);
    expect(res.errors).toBeUndefined();
    expect(res.data?.retryJob).toEqual({ id, task: 'test/on/admin-happened', state: 'queued', attempts: 0 });
    await t.settle();
    expect(delivered).toEqual([1]);
    expect((await t.gql(FailedJobs, undefined, admin)).data?.failedJobs).toEqual({ total: 0, items: [] });
    expect(await checkOf(t, admin, 'jobs_failed')).toMatchObject({ status: 'ok' });

    expect((await t.gql(RetryJob, { id }, admin)).errors?.[0]?.extensions).toMatchObject({
      code: 'job_not_found',
      status: 404,
    });
    expect((await t.gql(RetryJob, { id: 'abc' }, admin)).errors?.[0]?.extensions).toMatchObject({
      code: 'rest_invalid_param',
      status: 400,
    });
  });

  it('a running job cannot be retried (409)', async () => {
    await t.platform.queue.stop(); // nothing takes the job but "another worker", below
    try {
      await transaction(t.platform, async (_tx, after) => after.emit('test/admin/happened', { id: 2 }));
      await t.platform.prisma
        .$executeRaw`UPDATE graphile_worker._private_jobs SET locked_at = now(), locked_by = 'pool-elsewhere'`;
      const [job] = (await t.gql(QueueJobs, { state: 'running' }, admin)).data!.queueJobs.items;
      expect(job).toMatchObject({ task: 'test/on/admin-happened', state: 'running' });
      expect((await t.gql(RetryJob, { id: job!.id }, admin)).errors?.[0]?.extensions).toMatchObject({
        code: 'job_conflict',
        status: 409,
      });
      await t.platform.prisma.$executeRaw`UPDATE graphile_worker._private_jobs SET locked_at = NULL, locked_by = NULL`;
    } finally {
      await t.platform.queue.start(2);
    }
    await t.settle();
    expect(delivered).toEqual([1, 2]);
  });

  it('/metrics counts jobs by task and outcome, with their durations', async () => {
    const text = (await t.http.get('/metrics').set('Authorization', `Bearer ${TOKEN}`)).text;
    expect(text).toMatch(/atrium_job_duration_seconds_count\{task="test\/on\/admin-happened",outcome="failed"\} 1/);
    expect(text).toMatch(/atrium_job_duration_seconds_count\{task="test\/on\/admin-happened",outcome="succeeded"\} 2/);
    expect(text).toMatch(
      /atrium_job_duration_seconds_bucket\{le="0.1",task="test\/on\/admin-happened",outcome="succeeded"\} \d/,
    );
  });
});
