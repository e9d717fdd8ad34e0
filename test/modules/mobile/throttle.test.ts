// Login throttling on every password path: 5 failures lock an identifier for 15 minutes (429 too_many_attempts with
// Retry-After), even for the right password; unknown users alike; every attempt recorded; and under concurrency
// no more than 5 passwords are ever checked.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../../gql/index.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { PASSWORD } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const INSTALL = randomUUID();
const login = (username: string, password: string) =>
  t.http.post('/wp-json/mobile/v1/auth/login').set('X-App-Install-Id', INSTALL).send({ username, password });
const CookieLogin = graphql(`
  mutation ThrottleCookieLogin($u: String!, $p: String!) {
    login(username: $u, password: $p) {
      restNonce
    }
  }
`);

async function fail(username: string, times: number) {
  for (let i = 0; i < times; i++) expect((await login(username, 'wrong password')).status).toBe(401);
}

describe('lock after 5 failures', () => {
  it('locks for 15 minutes with Retry-After, holds for the right password, then opens', async () => {
    const { username } = await t.as('editor');
    await fail(username, 5);
    const locked = await login(username, PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.headers['retry-after']).toBe('900');
    expect(locked.body).toEqual({
      code: 'too_many_attempts',
      message: 'Too many failed login attempts. Please try again later.',
      data: { status: 429, retry_after: 900 },
    });
    t.clock.advance({ minutes: 10 });
    expect((await login(username, PASSWORD)).headers['retry-after']).toBe('300');
    t.clock.advance({ minutes: 4, seconds: 59 });
    expect((await login(username, PASSWORD)).status).toBe(429);
    t.clock.advance({ seconds: 1 });
    expect((await login(username, PASSWORD)).status).toBe(200);
  });

  it('after a lock the count starts again; a success resets it', async () => {
    const { username } = await t.as('author');
    await fail(username, 5);
    t.clock.advance({ minutes: 15 });
    await fail(username, 4);
    expect((await login(username, PASSWORD)).status).toBe(200);
    await fail(username, 4);
    expect((await login(username, PASSWORD)).status).toBe(200);
  });

  it('failures older than the 15-minute window are forgotten', async () => {
    const { username } = await t.as('author');
    await fail(username, 4);
    t.clock.advance({ minutes: 15, seconds: 1 });
    await fail(username, 4);
    expect((await login(username, PASSWORD)).status).toBe(200);
  });

  it('unknown usernames are throttled and answered exactly like known ones', async () => {
    const { username } = await t.as('subscriber');
    const known: unknown[] = [];
    const unknown: unknown[] = [];
    for (let i = 0; i < 6; i++) {
      const a = await login(username, 'wrong password');
      const b = await login(`ghost-${username}`, 'wrong password');
      known.push([a.status, a.headers['retry-after'], a.body]);
      unknown.push([b.status, b.headers['retry-after'], b.body]);
    }
    expect(unknown).toEqual(known);
    expect(known.map((k) => (k as unknown[])[0])).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('the username or e-mail is matched trimmed and case-insensitively: case tricks do not reset the count', async () => {
    const { username } = await t.as('subscriber');
    const email = `${username}@example.com`;
    for (const variant of [
      email,
      email.toUpperCase(),
      ` ${email}`,
      `${email} `,
      email.replace(/^./, (c) => c.toUpperCase()),
    ]) {
      expect((await login(variant, 'wrong password')).status).toBe(401);
    }
    expect((await login(email, PASSWORD)).status).toBe(429);
  });
});

describe('every attempt is recorded', () => {
  it('with identifier, ip, install id, channel, outcome and time', async () => {
    const { username, userId } = await t.as('subscriber');
    const at = t.clock.now();
    await login(username, PASSWORD);
    await fail(username, 5);
    await login(username, PASSWORD);
    const rows = await t.platform.prisma.mobileLoginAttempt.findMany({
      where: { identifier: username },
      orderBy: { id: 'asc' },
    });
    expect(rows.map((r) => r.outcome)).toEqual([
      'success',
      'failure',
      'failure',
      'failure',
      'failure',
      'failure',
      'locked',
    ]);
    expect(rows[0]).toMatchObject({
      identifier: username,
      ip: expect.stringContaining('127.0.0.1'),
      installId: INSTALL,
      channel: 'mobile',
      userId,
      createdAt: at,
    });
    expect(rows[1]!.userId).toBeNull();
  });
});

describe('one lock for every password login path', () => {
  it('failures on the GraphQL cookie login count, and the cookie login is locked too', async () => {
    const { username } = await t.as('administrator');
    for (let i = 0; i < 3; i++) {
      const res = await t.gql(CookieLogin, { u: username, p: 'wrong password' });
      expect(res.errors?.[0]?.extensions.code).toBe('invalid_credentials');
    }
    await fail(username, 2);
    expect((await login(username, PASSWORD)).status).toBe(429);
    const cookie = await t.gql(CookieLogin, { u: username, p: PASSWORD });
    expect(cookie.errors?.[0]?.extensions).toMatchObject({
      code: 'too_many_attempts',
      status: 429,
      data: { retry_after: 900 },
    });
    const rows = await t.platform.prisma.mobileLoginAttempt.findMany({
      where: { identifier: username },
      orderBy: { id: 'asc' },
    });
    expect(rows.map((r) => `${r.channel}:${r.outcome}`)).toEqual([
      'session:failure',
      'session:failure',
      'session:failure',
      'mobile:failure',
      'mobile:failure',
      'mobile:locked',
      'session:locked',
    ]);
    expect(rows[0]!.installId).toBeNull();
  });
});

describe('brute force under concurrency (meaningful on PostgreSQL)', () => {
  it('100 parallel wrong passwords: exactly 5 are checked, 95 refused, and the lock holds', async () => {
    const { username } = await t.as('editor');
    const results = await Promise.all(Array.from({ length: 100 }, () => login(username, 'wrong password')));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(95);
    for (const r of results.filter((x) => x.status === 429)) {
      expect(r.body.code).toBe('too_many_attempts');
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
    const outcomes = await t.platform.prisma.mobileLoginAttempt.groupBy({
      by: ['outcome'],
      where: { identifier: username },
      _count: true,
    });
    const count = Object.fromEntries(outcomes.map((o) => [o.outcome, o._count]));
    expect(count.failure).toBe(5);
    expect((count.locked ?? 0) + (count.throttled ?? 0)).toBe(95);
    const right = await login(username, PASSWORD);
    expect(right.status).toBe(429);
    expect(right.headers['retry-after']).toBe('900');
  });

  it('both paths at once (50 cookie logins, 50 mobile logins, unknown user): exactly 5 checked', async () => {
    const ghost = `ghost-${randomUUID()}`;
    const results = await Promise.all(
      Array.from({ length: 100 }, async (_, i) => {
        if (i % 2) return (await login(ghost, 'wrong password')).body.code as string;
        return (await t.gql(CookieLogin, { u: ghost, p: 'wrong password' })).errors![0]!.extensions.code;
      }),
    );
    expect(results.filter((c) => c === 'invalid_credentials')).toHaveLength(5);
    expect(results.filter((c) => c === 'too_many_attempts')).toHaveLength(95);
    expect(await t.platform.prisma.mobileLoginAttempt.count({ where: { identifier: ghost, outcome: 'failure' } })).toBe(
      5,
    );
  });
});
