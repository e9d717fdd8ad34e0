// GET /metrics: 404 unless METRICS_TOKEN is set, 401 without its bearer token; then Prometheus text with requests by
// route pattern, latency, errors by code, job runs, SQL statements, the mail queue and process memory.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';

const TOKEN = 'metrics-token-0123456789';
let t: TestApp;
let off: TestApp;

beforeAll(async () => {
  [t, off] = await Promise.all([createTestApp({ env: { METRICS_TOKEN: TOKEN } }), createTestApp()]);
});
afterAll(async () => {
  await t?.close();
  await off?.close();
});

describe('operation names as labels', () => {
  it('keeps a bounded number of distinct names; the rest count as "other"', async () => {
    const bounded = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    try {
      for (let i = 0; i < 205; i++)
        await bounded.http.post('/graphql').send({ query: `query Op${i} { viewer { loggedIn } }` });
      await bounded.http.post('/graphql').send({ query: 'query Op0 { viewer { loggedIn } }' });
      const text = (await bounded.http.get('/metrics').set('Authorization', `Bearer ${TOKEN}`)).text;
      const names = new Set(
        [...text.matchAll(/atrium_graphql_operation_duration_seconds_count\{operation="([^"]+)"\}/g)].map((m) => m[1]),
      );
      expect(names.size).toBe(201);
      expect(text).toMatch(/atrium_graphql_operation_duration_seconds_count\{operation="other"\} 5/);
      expect(text).toMatch(/atrium_graphql_operation_duration_seconds_count\{operation="Op0"\} 2/);
    } finally {
      await bounded.close();
    }
  });
});

describe('/metrics', () => {
  it('is off by default and protected when on', async () => {
    expect((await off.http.get('/metrics')).status).toBe(404);
    expect((await t.http.get('/metrics')).status).toBe(401);
    expect((await t.http.get('/metrics').set('Authorization', 'Bearer wrong-token-0123456789')).status).toBe(401);
  });

  it('scrapes what was served', async () => {
    await t.http.get('/wp-json/member/v1/plans');
    await t.http.get('/wp-json/member/v1/plans/999999');
    await t.http.post('/graphql').send({ query: '{ users { total } }' });
    await t.http
      .post('/graphql')
      .send({ query: 'query PlansForTheSidebar { memberPlans { total } }', operationName: 'PlansForTheSidebar' });
    for (let i = 0; i < 3; i++)
      await t.http.post('/graphql').send({ query: `query Random${i}x { viewer { loggedIn } }` });
    await t.platform.jobs.enqueue('platform/cleanup', '2026-11-22T03:17');
    await t.settle();
    const res = await t.http.get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.text;
    expect(text).toMatch(/atrium_http_requests_total\{method="GET",route="\/member\/v1\/plans",status="200"\} 1/);
    expect(text).toMatch(/atrium_http_requests_total\{method="GET",route="\/member\/v1\/plans\/:id",status="404"\} 1/);
    expect(text).toMatch(/atrium_http_request_duration_seconds_bucket\{le="\+Inf",method="POST",route="\/graphql"\} 5/);
    expect(text).toMatch(/atrium_graphql_operation_duration_seconds_count\{operation="anonymous query"\} 1/);
    expect(text).toMatch(/atrium_graphql_operation_duration_seconds_count\{operation="PlansForTheSidebar"\} 1/);
    expect(text).toMatch(/atrium_errors_total\{code="member_plan_not_found"\} 1/);
    expect(text).toMatch(
      /atrium_errors_total\{code="rest_forbidden"\} 1|atrium_errors_total\{code="rest_not_logged_in"\} 1/,
    );
    // The heap gauges are the main thread's: the help says the mail threads' heaps are not in them.
    expect(text).toMatch(
      /^# HELP atrium_nodejs_heap_size_used_bytes The main thread's heap size used from Node\.js in bytes\. The mail threads' heaps \(SMTP_THREADS\) are not in it\.$/m,
    );
    expect(text).toMatch(/atrium_job_duration_seconds_count\{task="platform\/cleanup",outcome="succeeded"\} 1/);
    expect(text).toMatch(/atrium_job_duration_seconds_sum\{task="platform\/cleanup",outcome="succeeded"\} \d/);
    expect(text).toMatch(/# TYPE atrium_db_statements_total counter\natrium_db_statements_total [1-9]\d*/);
    expect(text).toMatch(/# TYPE atrium_mail_total counter/);
    expect(text).toMatch(/atrium_db_pool_connections\{state="idle"\} [1-9]\d*/); // the requests above left connections open
    expect(text).toMatch(/atrium_db_pool_connections\{state="busy"\} \d+/);
    expect(text).toMatch(/atrium_db_pool_waiting 0/);
    for (const state of ['queued', 'deferred', 'sending'])
      expect(text).toMatch(new RegExp(`^atrium_mail_queue\\{state="${state}"\\} 0$`, 'm'));
    expect(text).toMatch(/atrium_process_resident_memory_bytes \d+/);
  });
});
