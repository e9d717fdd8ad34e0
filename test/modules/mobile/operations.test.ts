// Operations: the prune job and the operator commands (atrium sessions …, atrium logins …).
import { randomUUID } from 'node:crypto';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/platform/config.ts';
import { createAtrium } from '../../../src/server.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { cli, useCliDataDir } from '../../helpers/cli.ts';
import { loginDevice, PASSWORD } from './helpers.ts';

describe('mobile/prune job', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('deletes expired sessions, sessions revoked over 7 days ago, attempts older than 30 days and idle throttles', async () => {
    const user = await t.as('subscriber');
    const expired = await loginDevice(t, user.username);
    await t.http
      .post('/wp-json/mobile/v1/auth/login')
      .set('X-App-Install-Id', randomUUID())
      .send({ username: 'ghost', password: 'wrong' });
    t.clock.advance({ days: 20 });
    const revokedLongAgo = await loginDevice(t, user.username);
    await t.http.post('/wp-json/mobile/v1/auth/logout').set(revokedLongAgo.headers);
    t.clock.advance({ days: 8 });
    const revokedRecently = await loginDevice(t, user.username);
    await t.http.post('/wp-json/mobile/v1/auth/logout').set(revokedRecently.headers);
    const live = await loginDevice(t, user.username);
    t.clock.advance({ days: 3 }); // 31 days after the first login and attempt

    expect(await t.platform.jobs.runNow('mobile/prune')).toEqual({ status: 'succeeded' });
    const left = await t.platform.prisma.mobileSession.findMany({ orderBy: { id: 'asc' } });
    expect(left.map((s) => s.installId)).toEqual([revokedRecently.installId, live.installId]);
    expect(left.map((s) => s.installId)).not.toContain(expired.installId);
    const attempts = await t.platform.prisma.mobileLoginAttempt.findMany();
    expect(attempts.map((a) => a.identifier)).not.toContain('ghost');
    expect(attempts.length).toBeGreaterThan(0);
    expect(await t.platform.prisma.mobileLoginThrottle.findUnique({ where: { identifier: 'ghost' } })).toBeNull();
    expect((await t.http.get('/wp-json/mobile/v1/me').set(live.headers)).status).toBe(401); // 15-minute token long gone
    expect(
      (
        await t.http
          .post('/wp-json/mobile/v1/auth/refresh')
          .set('X-App-Install-Id', live.installId)
          .send({ refresh_token: live.refreshToken })
      ).status,
    ).toBe(200);
  });

  it('is scheduled hourly', () => {
    const job = t.platform.jobs.get('mobile/prune')!;
    expect(job.schedule).toBe('41 * * * *');
  });
});

describe('operator commands', () => {
  const data = useCliDataDir('mobile-cli');

  /** Logs devices in through HTTP on the same data directory (the CLI has closed it). */
  async function loginOver(username: string, times: number, password = PASSWORD) {
    const atrium = await createAtrium({
      config: loadConfig({ DATA_DIR: data.path, LOG_LEVEL: 'silent' }),
      bootstrap: false,
    });
    try {
      const http = supertest(atrium.app);
      const ids: number[] = [];
      for (let i = 0; i < times; i++) {
        const res = await http
          .post('/wp-json/mobile/v1/auth/login')
          .set('X-App-Install-Id', randomUUID())
          .send({ username, password });
        ids.push(res.status);
      }
      return ids;
    } finally {
      await atrium.close();
    }
  }

  it('sessions list --user and sessions revoke', { timeout: 120_000 }, async () => {
    expect((await cli('users', 'create', 'ada', 'ada@example.com', 'editor', '--password', PASSWORD)).code).toBe(0);
    expect((await cli('users', 'create', 'bob', 'bob@example.com', '--password', PASSWORD)).code).toBe(0);
    expect(await loginOver('ada', 2)).toEqual([200, 200]);
    expect(await loginOver('bob', 1)).toEqual([200]);

    const ada = JSON.parse((await cli('--format=json', 'sessions', 'list', '--user=ada')).out) as {
      id: number;
      user_id: number;
      install_id: string;
    }[];
    expect(ada).toHaveLength(2);
    expect(ada[0]).toMatchObject({ user_id: 1, install_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(JSON.parse((await cli('--format=json', 'sessions', 'list')).out)).toHaveLength(3);
    const table = (await cli('sessions', 'list', '--user', 'bob@example.com')).out;
    expect(table).toMatch(/id\s+user_id\s+install_id\s+created\s+last_used\s+expires/);

    expect((await cli('sessions', 'revoke', String(ada[0]!.id))).err).toBe(
      `Success: revoked session ${ada[0]!.id} of user 1\n`,
    );
    expect((await cli('sessions', 'revoke', String(ada[0]!.id))).err).toContain('had already ended');
    expect(JSON.parse((await cli('--format=json', 'sessions', 'list', '--user=1')).out)).toHaveLength(1);
    expect(await cli('sessions', 'revoke', '999')).toMatchObject({
      code: 1,
      err: 'Error: No session has the id 999.\n',
    });
    expect((await cli('sessions', 'revoke', 'abc')).code).toBe(1);
    expect((await cli('sessions', 'list', '--user=nobody')).err).toContain('No user matches "nobody"');
  });

  it('logins list and logins unlock', { timeout: 60_000 }, async () => {
    expect(await loginOver('bob', 6, 'wrong password')).toEqual([401, 401, 401, 401, 401, 429]);
    const attempts = JSON.parse((await cli('--format=json', 'logins', 'list', '--identifier', 'BOB')).out) as {
      outcome: string;
    }[];
    expect(attempts.map((a) => a.outcome)).toEqual([
      'locked',
      'failure',
      'failure',
      'failure',
      'failure',
      'failure',
      'success',
    ]);
    expect((await cli('logins', 'unlock', 'Bob')).err).toBe('Success: unlocked bob\n');
    expect(await loginOver('bob', 1)).toEqual([200]);
    expect((await cli('logins', 'unlock', 'nobody')).code).toBe(1);
    expect((await cli('logins', 'list', '--limit', 'x')).code).toBe(1);
  });

  it('production without JWT_SECRET: exit 2 with the reason', async () => {
    process.env.NODE_ENV = 'production'; // restored by useCliDataDir
    const res = await cli('sessions', 'list');
    expect(res.code).toBe(2);
    expect(res.err).toContain('JWT_SECRET is required in production');
  });
});
