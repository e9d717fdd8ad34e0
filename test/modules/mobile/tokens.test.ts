// Access tokens: verified by another JWT library (jose), bound to the device, and refused when forged, expired,
// signed with another algorithm or key, for another issuer or audience, or of the wrong kind.
import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../../helpers/app.ts';
import { decode, loginDevice, type Device } from './helpers.ts';

const SECRET = 'w8Vq2rT5yU1iO9pA3sD6fG4hJ7kL0zXcB5nM8qW2eR6tY9uI';
const OLD_SECRET = 'Zx9Cv8Bn7Mm6Ll5Kk4Jj3Hh2Gg1Ff0Dd9Ss8Aa7Qq6Ww5Ee4';
const ISSUER = 'http://atrium.test';

let t: TestApp;
let author: Caller;
let phone: Device;

beforeAll(async () => {
  t = await createTestApp({ env: { JWT_SECRET: SECRET } });
  author = await t.as('author');
  phone = await loginDevice(t, author.username);
});
afterAll(() => t?.close());

const me = (headers: Record<string, string>) => t.http.get('/wp-json/mobile/v1/me').set(headers);
const bearer = (token: string, installId = phone.installId) => ({
  Authorization: `Bearer ${token}`,
  'X-App-Install-Id': installId,
});

/** A token like ours, changed by `edit`, signed as `sign` says. */
function forge(
  edit: (p: Record<string, unknown>) => void,
  sign: { secret?: string; algorithm?: jwt.Algorithm; header?: object } = {},
) {
  const { header, payload } = decode(phone.accessToken);
  edit(payload);
  return jwt.sign(payload, sign.secret ?? SECRET, {
    algorithm: sign.algorithm ?? 'HS256',
    header: { ...header, alg: sign.algorithm ?? 'HS256', ...sign.header } as jwt.JwtHeader,
  });
}

describe('access tokens', () => {
  it('verify with jose (another library): HS256, kid, iss, aud, sub, sid, did, iat, exp, jti', async () => {
    const { payload, protectedHeader } = await jwtVerify(phone.accessToken, new TextEncoder().encode(SECRET), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: ISSUER,
      typ: 'at+jwt',
      currentDate: t.clock.now(),
    });
    expect(protectedHeader).toEqual({ alg: 'HS256', typ: 'at+jwt', kid: expect.stringMatching(/^[\w-]{12}$/) });
    expect(payload).toEqual({
      sub: String(author.userId),
      sid: expect.any(Number),
      did: phone.installId,
      jti: expect.any(String),
      iat: Date.parse('2026-11-22T00:00:00Z') / 1000,
      exp: Date.parse('2026-11-22T00:15:00Z') / 1000,
      iss: ISSUER,
      aud: ISSUER,
    });
    await expect(
      jwtVerify(phone.accessToken, new TextEncoder().encode(OLD_SECRET), { currentDate: t.clock.now() }),
    ).rejects.toThrow();
  });

  it('authenticate REST and GraphQL with the same X-App-Install-Id', async () => {
    const res = await me(phone.headers);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: author.userId,
      auth_method: 'jwt',
      session: { install_id: phone.installId, current: true },
    });
    const gql = await t.http
      .post('/graphql')
      .set(phone.headers)
      .send({ query: '{ viewer { loggedIn authMethod user { id } } }' });
    expect(gql.body.data.viewer).toEqual({ loggedIn: true, authMethod: 'jwt', user: { id: author.userId } });
  });

  it('cost one SQL statement per request (session, user and revocation read together)', async () => {
    await me(phone.headers); // last use is written at most once a minute
    const { result, statements } = await t.db.statements.measure(() => me(phone.headers));
    expect(result.status).toBe(200);
    expect(result.body.session.id).toBe(decode(phone.accessToken).payload.sid);
    expect(statements).toBe(1);
  });

  it('without the install id, or with another one: 401 device_mismatch', async () => {
    const missing = await me({ Authorization: `Bearer ${phone.accessToken}` });
    expect(missing.status).toBe(401);
    expect(missing.body.code).toBe('device_mismatch');
    expect((await me(bearer(phone.accessToken, randomUUID()))).body.code).toBe('device_mismatch');
    expect((await me(bearer(phone.accessToken, phone.installId.toUpperCase()))).status).toBe(200);
    const gql = await t.http
      .post('/graphql')
      .set({ Authorization: `Bearer ${phone.accessToken}` })
      .send({ query: '{ viewer { loggedIn } }' });
    expect(gql.status).toBe(401);
    expect(gql.body.errors[0].extensions).toMatchObject({ code: 'device_mismatch', status: 401 });
  });

  it('expire after 15 minutes: 401 token_expired', async () => {
    const fresh = await loginDevice(t, author.username);
    t.clock.advance({ minutes: 14, seconds: 59 });
    expect((await me(fresh.headers)).status).toBe(200);
    t.clock.advance({ seconds: 1 });
    const res = await me(fresh.headers);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'token_expired', data: { status: 401 } });
    t.clock.advance({ minutes: -15 });
  });

  it.each([
    [
      'alg none',
      () =>
        `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt', kid: decode(phone.accessToken).header.kid })).toString('base64url')}.${phone.accessToken.split('.')[1]}.`,
    ],
    ['HS512 with the right secret', () => forge(() => {}, { algorithm: 'HS512' })],
    ['HS384 with the right secret', () => forge(() => {}, { algorithm: 'HS384' })],
    ['a wrong key', () => forge(() => {}, { secret: 'another-secret-that-is-long-enough-0123456789' })],
    ['a wrong key under our kid', () => forge(() => {}, { secret: OLD_SECRET })],
    ['an unknown kid', () => forge(() => {}, { header: { kid: 'nope' } })],
    ['no kid', () => forge(() => {}, { header: { kid: undefined } })],
    ['another issuer', () => forge((p) => (p.iss = 'https://evil.example'))],
    ['another audience', () => forge((p) => (p.aud = 'https://other.example'))],
    ['a changed subject', () => forge((p) => (p.sub = String(author.userId + 1000)))],
    ['a malformed subject', () => forge((p) => (p.sub = 'admin'))],
    ['no device claim', () => forge((p) => delete p.did)],
    ['an unknown session', () => forge((p) => (p.sid = 999_999))],
    ['a refresh token', () => phone.refreshToken],
    [
      'a tampered payload (longer life)',
      () => {
        const [h, p, s] = phone.accessToken.split('.');
        const payload = decode(phone.accessToken).payload;
        const longer = Buffer.from(JSON.stringify({ ...payload, exp: (payload.exp as number) + 86400 })).toString(
          'base64url',
        );
        expect(longer).not.toBe(p);
        return `${h}.${longer}.${s}`;
      },
    ],
    ['garbage with dots', () => 'abc.def.ghi'],
    ['not a JWT at all', () => 'hello'],
  ])('refused: %s (401 token_invalid)', async (_name, token) => {
    const res = await me(bearer(token()));
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('token_invalid');
  });

  it('an expired token with a bad signature is token_invalid, not token_expired', async () => {
    const res = await me(
      bearer(forge((p) => (p.exp = 1000), { secret: 'another-secret-that-is-long-enough-0123456789' })),
    );
    expect(res.body.code).toBe('token_invalid');
    const expired = await me(bearer(forge((p) => ((p.iat = 500), (p.exp = 1000)))));
    expect(expired.body.code).toBe('token_expired');
  });

  it('a role change applies at once; a password change ends every session of the user', async () => {
    const user = await t.as('subscriber');
    const d = await loginDevice(t, user.username);
    expect((await me(d.headers)).body.roles).toEqual(['subscriber']);
    await t.platform.prisma.user.update({ where: { id: user.userId }, data: { roles: ['editor'] } });
    expect((await me(d.headers)).body.roles).toEqual(['editor']);

    const update = await t.http
      .post('/graphql')
      .set(d.headers)
      .send({
        query: `mutation { updateUser(id: ${user.userId}, input: { password: "a brand new password" }) { id } }`,
      });
    expect(update.body.data.updateUser.id).toBe(user.userId);
    const after = await me(d.headers);
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({
      code: 'token_invalid',
      message: expect.stringContaining('password has changed'),
    });
    const refreshed = await t.http
      .post('/wp-json/mobile/v1/auth/refresh')
      .set('X-App-Install-Id', d.installId)
      .send({ refresh_token: d.refreshToken });
    expect(refreshed.body.code).toBe('token_invalid');
    expect(
      (await t.platform.prisma.mobileSession.findFirstOrThrow({ where: { installId: d.installId } })).revokeReason,
    ).toBe('password');
  });

  it('a deleted user: the token stops working', async () => {
    const user = await t.as('subscriber');
    const d = await loginDevice(t, user.username);
    await t.platform.prisma.user.delete({ where: { id: user.userId } });
    expect((await me(d.headers)).body.code).toBe('token_invalid');
  });
});

describe('secret rotation (kid)', () => {
  it('tokens signed with a previous secret still verify; unknown secrets do not', async () => {
    const before = await createTestApp({ env: { JWT_SECRET: OLD_SECRET } });
    try {
      const user = await before.as('editor');
      const old = await loginDevice(before, user.username);
      const oldKid = decodeProtectedHeader(old.accessToken).kid;

      // The same database, restarted with a new secret and the old one kept as previous.
      const { createAtrium } = await import('../../../src/server.ts');
      const { loadConfig } = await import('../../../src/platform/config.ts');
      const rotated = await createAtrium({
        config: loadConfig({
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          PUBLIC_URL: 'http://atrium.test',
          JWT_SECRET: SECRET,
          JWT_PREVIOUS_SECRETS: OLD_SECRET,
        }),
        db: { ...before.db, close: async () => {} },
        clock: before.clock,
        migrate: false,
        bootstrap: false,
      });
      const supertest = (await import('supertest')).default;
      const http = supertest(rotated.app);
      expect((await http.get('/wp-json/mobile/v1/me').set(old.headers)).status).toBe(200);
      const refreshed = await http
        .post('/wp-json/mobile/v1/auth/refresh')
        .set('X-App-Install-Id', old.installId)
        .send({ refresh_token: old.refreshToken });
      expect(refreshed.status).toBe(200);
      const newKid = decodeProtectedHeader(refreshed.body.access_token).kid;
      expect(newKid).not.toBe(oldKid);
      await jwtVerify(refreshed.body.access_token, new TextEncoder().encode(SECRET), {
        currentDate: before.clock.now(),
      });

      const forgotten = await createAtrium({
        config: loadConfig({
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          PUBLIC_URL: 'http://atrium.test',
          JWT_SECRET: SECRET,
        }),
        db: { ...before.db, close: async () => {} },
        clock: before.clock,
        migrate: false,
        bootstrap: false,
      });
      const res = await supertest(forgotten.app).get('/wp-json/mobile/v1/me').set(old.headers);
      expect(res.body.code).toBe('token_invalid');
      await rotated.close();
      await forgotten.close();
    } finally {
      await before.close();
    }
  });
});
