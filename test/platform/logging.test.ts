// What a request leaves in the log: a client's mistake (bad query, bad variables, a refusal) is not an error — one
// line at most, below error level, so anonymous callers cannot flood the error log; an unexpected failure is logged
// once, at error level.
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/platform/logger.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
const lines: { level: number; msg: string }[] = [];
let startLines: { msg: string }[] = [];

beforeAll(async () => {
  const logger = createLogger('debug', { write: (s: string) => void lines.push(JSON.parse(s)) });
  t = await createTestApp({ logger });
  startLines = [...lines];
});
afterAll(() => t?.close());

const errorsLogged = () => lines.filter((l) => l.level >= 50);

describe('the start', () => {
  it('is finished once the job workers listen: their line is written then, not later among the lines of a request', () => {
    expect(startLines.map((l) => l.msg)).toContainEqual(expect.stringMatching(/^Worker connected/));
  });
});

describe('request ids', () => {
  it('every line logged while serving a request carries its id, also sent as X-Request-Id (a sane incoming one is kept)', async () => {
    lines.length = 0;
    const mine = await t.http.post('/graphql').set('X-Request-Id', 'proxy-42').send({ query: '{ nope' });
    expect(mine.headers['x-request-id']).toBe('proxy-42');
    const fresh = await t.http.get('/wp-json/member/v1/plans').set('X-Request-Id', 'bad id with spaces');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const ids = new Set(lines.map((l: any) => l.requestId));
    expect(lines.length).toBeGreaterThan(2); // the yoga debug line and the two request lines
    expect([...ids].sort()).toEqual(['proxy-42', fresh.headers['x-request-id']].sort());
  });

  it('a body that arrives after the request was taken up keeps the request id on the lines written after it', async () => {
    // `Expect: 100-continue`: the client sends the body only once the server answered 100, so the request is handled
    // (its scope opened, the body parser waiting) before the body's bytes reach the socket.
    const server = await t.atrium.listen(0, '127.0.0.1'); // closed by t.close()
    lines.length = 0;
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({
        port: (server.address() as AddressInfo).port,
        host: '127.0.0.1',
        method: 'POST',
        path: '/graphql',
        headers: { 'Content-Type': 'application/json', Expect: '100-continue', 'X-Request-Id': 'late-body' },
      });
      req.on('continue', () => req.end(JSON.stringify({ query: '{ nope' })));
      req.on('response', (res) => (res.resume(), resolve(res.statusCode!)));
      req.on('error', reject);
    });
    expect(status).toBe(400); // a syntax error, answered by GraphQL (not a body the parser refused)
    expect(lines.length).toBeGreaterThan(1); // the yoga debug line and the request line
    expect(lines.map((l: any) => [l.msg, l.requestId])).toEqual(lines.map((l) => [l.msg, 'late-body']));
  });
});

describe('request lines', () => {
  it('name the caller, the operation (REST operation id, GraphQL operation name) and the W3C trace the request joins', async () => {
    const admin = await t.as('administrator');
    lines.length = 0;
    const trace = '4bf92f3577b34da6a3ce929d0e0e4736';
    await t.http
      .get('/wp-json/mailer/v1/subscribers')
      .set(admin.headers)
      .set('traceparent', `00-${trace}-00f067aa0ba902b7-01`);
    await t.http.post('/graphql').set(admin.headers).send({ query: 'query WhoAmI { viewer { loggedIn } }' });
    await t.http.get('/wp-json/member/v1/plans').set('traceparent', `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`);
    const requests = lines.filter((l: any) => l.msg === 'request') as any[];
    expect(requests).toEqual([
      expect.objectContaining({
        userId: admin.userId,
        operation: 'listMailerSubscribers',
        traceId: trace,
        parentSpanId: '00f067aa0ba902b7',
        status: 200,
      }),
      expect.objectContaining({ userId: admin.userId, operation: 'WhoAmI', status: 200 }),
      expect.objectContaining({ operation: 'listMemberPlans', status: 200 }),
    ]);
    expect(requests[1].traceId).toBeUndefined();
    expect(requests[2].traceId).toBeUndefined(); // an all-zero trace id is invalid
    expect(requests[2].userId).toBeUndefined();
  });
});

describe('logging of GraphQL errors', () => {
  it('client errors log nothing at error level', async () => {
    lines.length = 0;
    await t.http.post('/graphql').send({ query: '{ nope' });
    await t.http.post('/graphql').send({ query: '{ unknownField }' });
    await t.http
      .post('/graphql')
      .send({ query: 'query ($n: Int!) { posts(perPage: $n) { total } }', variables: { n: 'x' } });
    await t.http.post('/graphql').send({ query: '{ users { total } }' });
    await t.http.get('/wp-json/mailer/v1/subscribers?per_page=abc');
    await t.http.get('/wp-json/member/v1/plans/999999');
    expect(errorsLogged()).toEqual([]);
  });

  it('an unexpected failure is logged once at error level', async () => {
    lines.length = 0;
    const original = t.platform.prisma.post.findMany;
    t.platform.prisma.post.findMany = (() => Promise.reject(new Error('database on fire'))) as never;
    try {
      const res = await t.http.post('/graphql').send({ query: '{ posts { items { id } } }' });
      expect(res.body.errors[0].extensions.code).toBe('internal_error');
    } finally {
      t.platform.prisma.post.findMany = original;
    }
    expect(errorsLogged()).toHaveLength(1);
  });
});
