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
    await t.platform.jobs.enqueue('platform/cleanup', '2026-11-22T03:17');
    await t.settle();
    const res = await t.http.get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.text;
    expect(text).toMatch(/atrium_http_requests_total\{method="GET",route="\/member\/v1\/plans",status="200"\} 1/);
    expect(text).toMatch(/atrium_http_requests_total\{method="GET",route="\/member\/v1\/plans\/:id",status="404"\} 1/);
    expect(text).toMatch(/atrium_http_request_duration_seconds_bucket\{le="\+Inf",method="POST",route="\/graphql"\} 1/);
    expect(text).toMatch(/atrium_errors_total\{code="member_plan_not_found"\} 1/);
    expect(text).toMatch(/atrium_errors_total\{code="rest_forbidden"\} 1|atrium_errors_total\{code="rest_not_logged_in"\} 1/);
    expect(text).toMatch(/atrium_job_duration_seconds_count\{task="platform\/cleanup",outcome="succeeded"\} 1/);
    expect(text).toMatch(/atrium_job_duration_seconds_sum\{task="platform\/cleanup",outcome="succeeded"\} \d/);
    expect(text).toMatch(/atrium_db_statements \d+/);
    expect(text).toMatch(/atrium_db_pool_connections\{state="idle"\} [1-9]\d*/); // the requests above left connections open
    expect(text).toMatch(/atrium_db_pool_connections\{state="busy"\} \d+/);
    expect(text).toMatch(/atrium_db_pool_waiting 0/);
    expect(text).toMatch(/atrium_mail_queue 0/);
    expect(text).toMatch(/atrium_process_resident_memory_bytes \d+/);
  });
});
