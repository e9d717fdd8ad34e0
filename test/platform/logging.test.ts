// What a request leaves in the log: a client's mistake (bad query, bad variables, a refusal) is not an error — one
// line at most, below error level, so anonymous callers cannot flood the error log; an unexpected failure is logged
// once, at error level.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
const lines: { level: number; msg: string }[] = [];

beforeAll(async () => {
  const logger = pino({ level: 'debug' }, { write: (s: string) => void lines.push(JSON.parse(s)) });
  t = await createTestApp({ logger });
});
afterAll(() => t?.close());

const errorsLogged = () => lines.filter((l) => l.level >= 50);

describe('logging of GraphQL errors', () => {
  it('client errors log nothing at error level', async () => {
    lines.length = 0;
    await t.http.post('/graphql').send({ query: '{ nope' });
    await t.http.post('/graphql').send({ query: '{ unknownField }' });
    await t.http.post('/graphql').send({ query: 'query ($n: Int!) { posts(perPage: $n) { total } }', variables: { n: 'x' } });
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
