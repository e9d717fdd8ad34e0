// The signing secret: production refuses a missing or weak one; without JWT_SECRET a generated one is persisted in
// the database (every instance agrees, restarts keep tokens valid); the site-health checks say what they see.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/platform/config.ts';
import { checks } from '../../../src/modules/mobile/checks.ts';
import { secretWeakness } from '../../../src/modules/mobile/secrets.ts';
import type { Platform } from '../../../src/platform/platform.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { loginDevice } from './helpers.ts';

const STRONG = 'Qm7x2Lr9Vt4Kp8Zw1Nc6Hy3Jd5Fs0Gb-strong';

describe('secret strength', () => {
  it.each([
    ['', 'characters'],
    ['secret', 'placeholder'],
    ['your-256-bit-secret', 'placeholder'],
    ['change-me-to-something-long-and-random-0123456789', 'placeholder'],
    ['short-but-random-Xy7', 'at least 32'],
    ['a'.repeat(64), 'distinct'],
    ['abababababababababababababababababab', 'distinct'],
  ])('%j is weak (%s)', (secret, why) => {
    expect(secretWeakness(secret)).toContain(why);
  });

  it('long random strings pass', () => {
    expect(secretWeakness(STRONG)).toBeNull();
    expect(secretWeakness('3f9a1c7e5b2d8f0a4c6e9b1d3f5a7c9e2b4d6f8a0c1e3b5d')).toBeNull();
  });
});

describe('production start-up', () => {
  const start = (env: Record<string, string>) => createTestApp({ env: { NODE_ENV: 'production', ...env } });

  it('refuses to start without JWT_SECRET, with a weak one, or with a weak previous one', async () => {
    await expect(start({})).rejects.toThrow(
      new ConfigError(
        'JWT_SECRET is required in production (mobile access tokens are signed with it). Generate one with: openssl rand -base64 48',
      ),
    );
    await expect(start({ JWT_SECRET: 'secret' })).rejects.toThrow(
      /^JWT_SECRET is a well-known placeholder value\. Generate one/,
    );
    await expect(start({ JWT_SECRET: 'tooShort-9x' })).rejects.toThrow(/JWT_SECRET is only 11 characters long/);
    await expect(start({ JWT_SECRET: STRONG, JWT_PREVIOUS_SECRETS: `${STRONG}-older,changeme` })).rejects.toThrow(
      /JWT_PREVIOUS_SECRETS entry 2 is a well-known placeholder/,
    );
  });

  it('starts with a strong secret and reports it ok', async () => {
    const t = await start({ JWT_SECRET: STRONG });
    try {
      expect(await run(t.platform, 'mobile_jwt_secret')).toMatchObject({ status: 'ok' });
      expect(await t.platform.prisma.mobileSecret.count()).toBe(0);
    } finally {
      await t.close();
    }
  });
});

const run = (platform: Platform, id: string) => checks.find((c) => c.id === id)!.run(platform);

describe('generated secret (JWT_SECRET unset outside production)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('is generated once, stored in mobile_secrets, and shared by every instance on the database', async () => {
    const user = await t.as('subscriber');
    const d = await loginDevice(t, user.username);
    const rows = await t.platform.prisma.mobileSecret.findMany();
    expect(rows).toEqual([
      expect.objectContaining({ name: 'jwt_secret', value: expect.stringMatching(/^[\w-]{64}$/) }),
    ]);
    expect(secretWeakness(rows[0]!.value)).toBeNull();

    const { createAtrium } = await import('../../../src/server.ts');
    const second = await createAtrium({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://atrium.test' }),
      db: { ...t.db, close: async () => {} },
      clock: t.clock,
      migrate: false,
      bootstrap: false,
    });
    try {
      const supertest = (await import('supertest')).default;
      expect((await supertest(second.app).get('/wp-json/mobile/v1/me').set(d.headers)).status).toBe(200);
      expect(await t.platform.prisma.mobileSecret.count()).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('the health check warns that JWT_SECRET is unset', async () => {
    expect(await run(t.platform, 'mobile_jwt_secret')).toMatchObject({
      status: 'warning',
      message: expect.stringContaining('JWT_SECRET is not set'),
    });
  });
});

describe('site-health checks', () => {
  const withConfig = (
    platform: Platform,
    mobile: Partial<Platform['config']['mobile']>,
    production = false,
  ): Platform =>
    ({
      ...platform,
      config: { ...platform.config, production, mobile: { ...platform.config.mobile, ...mobile } },
    }) as Platform;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { JWT_SECRET: STRONG } });
  });
  afterAll(() => t?.close());

  it('mobile_jwt_secret: critical in production without or with a weak secret; warns about weak previous secrets', async () => {
    expect(await run(withConfig(t.platform, { jwtSecret: undefined }, true), 'mobile_jwt_secret')).toMatchObject({
      status: 'critical',
    });
    expect(await run(withConfig(t.platform, { jwtSecret: 'secret' }, true), 'mobile_jwt_secret')).toMatchObject({
      status: 'critical',
    });
    expect(await run(withConfig(t.platform, { jwtSecret: 'short' }), 'mobile_jwt_secret')).toMatchObject({
      status: 'warning',
      message: expect.stringContaining('5 characters'),
    });
    expect(await run(withConfig(t.platform, { jwtPreviousSecrets: ['changeme'] }), 'mobile_jwt_secret')).toMatchObject({
      status: 'warning',
      message: expect.stringContaining('JWT_PREVIOUS_SECRETS'),
    });
    expect(await run(t.platform, 'mobile_jwt_secret')).toMatchObject({ status: 'ok' });
  });

  it('mobile_login_locks and mobile_token_reuse report what happened', async () => {
    expect(await run(t.platform, 'mobile_login_locks')).toMatchObject({ status: 'ok' });
    expect(await run(t.platform, 'mobile_token_reuse')).toMatchObject({ status: 'ok' });
    const user = await t.as('subscriber');
    for (let i = 0; i < 5; i++) {
      await t.http
        .post('/wp-json/mobile/v1/auth/login')
        .set('X-App-Install-Id', crypto.randomUUID())
        .send({ username: user.username, password: 'wrong' });
    }
    expect(await run(t.platform, 'mobile_login_locks')).toMatchObject({
      status: 'info',
      message: expect.stringMatching(/^1 login identifier is locked .*5 refused or failed/),
    });
    const d = await loginDevice(t, (await t.as('subscriber')).username);
    await t.http
      .post('/wp-json/mobile/v1/auth/refresh')
      .set('X-App-Install-Id', d.installId)
      .send({ refresh_token: d.refreshToken });
    t.clock.advance({ minutes: 1 });
    await t.http
      .post('/wp-json/mobile/v1/auth/refresh')
      .set('X-App-Install-Id', d.installId)
      .send({ refresh_token: d.refreshToken });
    expect(await run(t.platform, 'mobile_token_reuse')).toMatchObject({
      status: 'warning',
      message: expect.stringContaining('1 mobile session was revoked'),
    });
  });

  it('are contributed to the platform', () => {
    expect(t.platform.checks.map((c) => c.id)).toEqual(
      expect.arrayContaining(['mobile_jwt_secret', 'mobile_login_locks', 'mobile_token_reuse']),
    );
  });
});
