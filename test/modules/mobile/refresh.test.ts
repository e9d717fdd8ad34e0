// Refresh-token rotation: every use rotates; a replay within 30 s answers the same successor pair; later it revokes
// the whole chain; the chain has an absolute 30-day life; N concurrent uses of one token rotate it exactly once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../../gql/index.ts';
import { createTestApp, type Caller, type TestApp } from '../../helpers/app.ts';
import { decode, device, loginDevice, raceOnRow, refreshAs } from './helpers.ts';

let t: TestApp;
let user: Caller;

beforeAll(async () => {
  t = await createTestApp();
  user = await t.as('subscriber');
});
afterAll(() => t?.close());

const me = (headers: Record<string, string>) => t.http.get('/wp-json/mobile/v1/me').set(headers);
const chainOf = (token: string) => decode(token).payload.sid as number;

describe('rotation', () => {
  it('answers a new pair in the login shape; the new pair works, the old access token lives out its 15 minutes', async () => {
    const d = await loginDevice(t, user.username);
    t.clock.advance({ minutes: 5 });
    const res = await refreshAs(t, d.refreshToken, d.installId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 900,
      user: { id: user.userId, display_name: user.username, email: `${user.username}@example.com` },
    });
    expect(res.body.refresh_token).not.toBe(d.refreshToken);
    expect(chainOf(res.body.refresh_token)).toBe(chainOf(d.refreshToken));
    // The chain keeps its absolute end: refreshing does not extend it.
    expect(decode(res.body.refresh_token).payload.exp).toBe(decode(d.refreshToken).payload.exp);
    const next = device(d.installId, res.body);
    expect((await me(next.headers)).status).toBe(200);
    expect((await me(d.headers)).status).toBe(200);
    const second = await refreshAs(t, next.refreshToken, d.installId);
    expect(second.status).toBe(200);
  });

  it('a replay within 30 s answers the very same pair (two racing app requests both succeed)', async () => {
    const d = await loginDevice(t, user.username);
    const first = await refreshAs(t, d.refreshToken, d.installId);
    t.clock.advance({ seconds: 30 });
    const replay = await refreshAs(t, d.refreshToken, d.installId);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect((await me(device(d.installId, replay.body).headers)).status).toBe(200);
    // Replaying hands out nothing new: the successor is still the one live refresh token.
    expect((await refreshAs(t, first.body.refresh_token, d.installId)).status).toBe(200);
  });

  it('a reuse after 30 s revokes the whole chain at once: 401 token_reused, then every token of it is dead', async () => {
    const d = await loginDevice(t, user.username);
    const other = await loginDevice(t, user.username); // another device of the same user is not touched
    const first = await refreshAs(t, d.refreshToken, d.installId);
    const successor = device(d.installId, first.body);
    t.clock.advance({ seconds: 31 });
    const reuse = await refreshAs(t, d.refreshToken, d.installId);
    expect(reuse.status).toBe(401);
    expect(reuse.body).toMatchObject({ code: 'token_reused', data: { status: 401 } });

    expect((await me(successor.headers)).body.code).toBe('token_invalid');
    expect((await me(d.headers)).body.code).toBe('token_invalid');
    expect((await refreshAs(t, successor.refreshToken, d.installId)).body.code).toBe('token_invalid');
    expect(
      (await t.platform.prisma.mobileSession.findUniqueOrThrow({ where: { id: chainOf(d.refreshToken) } }))
        .revokeReason,
    ).toBe('reuse');
    expect((await me(other.headers)).status).toBe(200);
  });

  it('only the immediately previous token is tolerated: an older one revokes the chain even inside 30 s', async () => {
    const d = await loginDevice(t, user.username);
    const r1 = await refreshAs(t, d.refreshToken, d.installId);
    const r2 = await refreshAs(t, r1.body.refresh_token, d.installId);
    expect(r2.status).toBe(200);
    t.clock.advance({ seconds: 5 });
    const old = await refreshAs(t, d.refreshToken, d.installId);
    expect(old.body.code).toBe('token_reused');
    expect((await me(device(d.installId, r2.body).headers)).body.code).toBe('token_invalid');
  });

  it('needs X-App-Install-Id; another device revokes the chain (the token has left its device)', async () => {
    const d = await loginDevice(t, user.username);
    const none = await t.http.post('/wp-json/mobile/v1/auth/refresh').send({ refresh_token: d.refreshToken });
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('device_required');
    expect((await me(d.headers)).status).toBe(200);

    const stolen = await refreshAs(t, d.refreshToken, randomUUID());
    expect(stolen.status).toBe(401);
    expect(stolen.body.code).toBe('device_mismatch');
    expect((await refreshAs(t, d.refreshToken, d.installId)).body.code).toBe('token_invalid');
    expect((await me(d.headers)).body.code).toBe('token_invalid');
  });

  it('the chain ends 30 days after login, however often it rotates', async () => {
    const d = await loginDevice(t, user.username);
    let token = d.refreshToken;
    for (let week = 1; week <= 4; week++) {
      t.clock.advance({ days: 7 });
      const res = await refreshAs(t, token, d.installId);
      expect(res.status).toBe(200);
      token = res.body.refresh_token;
    }
    t.clock.advance({ days: 1, hours: 23, minutes: 59 }); // 29 d 23:59 after login
    const last = await refreshAs(t, token, d.installId);
    expect(last.status).toBe(200);
    expect(decode(last.body.access_token).payload.exp).toBe(decode(d.refreshToken).payload.exp); // capped at the chain end
    t.clock.advance({ minutes: 1 });
    const over = await refreshAs(t, last.body.refresh_token, d.installId);
    expect(over.status).toBe(401);
    expect(over.body.code).toBe('token_expired');
    expect((await me(device(d.installId, last.body).headers)).body.code).toBe('token_expired');
    t.clock.advance({ days: -30 });
  });

  it('refuses access tokens, garbage and missing tokens', async () => {
    const d = await loginDevice(t, user.username);
    expect((await refreshAs(t, d.accessToken, d.installId)).body).toMatchObject({
      code: 'token_invalid',
      message: 'This is not a refresh token.',
    });
    expect((await refreshAs(t, 'a.b.c', d.installId)).body.code).toBe('token_invalid');
    expect((await refreshAs(t, 'x'.repeat(5000), d.installId)).body.code).toBe('rest_invalid_param');
    const missing = await t.http.post('/wp-json/mobile/v1/auth/refresh').set('X-App-Install-Id', d.installId).send({});
    expect(missing.body).toMatchObject({ code: 'rest_missing_callback_param', data: { params: ['refresh_token'] } });
    expect((await refreshAs(t, 42 as unknown as string, d.installId)).body.code).toBe('rest_invalid_param');
  });

  it('GraphQL mobileRefresh rotates the same way', async () => {
    const Refresh = graphql(`
      mutation MobileRefresh($token: String!) {
        mobileRefresh(refreshToken: $token) {
          accessToken
          refreshToken
          user {
            id
            email
          }
          session {
            id
            current
          }
        }
      }
    `);
    const d = await loginDevice(t, user.username);
    const res = await t.gql(Refresh, { token: d.refreshToken }, { headers: { 'X-App-Install-Id': d.installId } });
    expect(res.data?.mobileRefresh).toMatchObject({
      user: { id: user.userId, email: `${user.username}@example.com` },
      session: { id: chainOf(d.refreshToken), current: true },
    });
    t.clock.advance({ minutes: 1 });
    const reuse = await t.gql(Refresh, { token: d.refreshToken }, { headers: { 'X-App-Install-Id': d.installId } });
    expect(reuse.errors?.[0]?.extensions).toMatchObject({ code: 'token_reused', status: 401 });
  });
});

describe('races (meaningful on PostgreSQL)', () => {
  it('N concurrent refreshes with one token rotate it exactly once and all answer the same successor pair', async () => {
    const d = await loginDevice(t, user.username);
    const sid = chainOf(d.refreshToken);
    const N = 6;
    const results = await raceOnRow(t, `SELECT 1 FROM mobile_sessions WHERE id = ${sid} FOR UPDATE`, N, () =>
      Promise.all(Array.from({ length: N }, () => refreshAs(t, d.refreshToken, d.installId))),
    );
    expect(results.map((r) => r.status)).toEqual(Array(N).fill(200));
    expect(new Set(results.map((r) => r.body.refresh_token)).size).toBe(1);
    expect(new Set(results.map((r) => r.body.access_token)).size).toBe(1);
    const chain = await t.platform.prisma.mobileSession.findUniqueOrThrow({ where: { id: sid } });
    expect(chain).toMatchObject({ generation: 1, revokedAt: null });
    expect(await t.platform.prisma.mobileSession.count({ where: { installId: d.installId, revokedAt: null } })).toBe(1);
    // The session survives: the successor rotates on.
    const next = await refreshAs(t, results[0]!.body.refresh_token, d.installId);
    expect(next.status).toBe(200);
  });

  it('concurrent refreshes of a successor and a late replay of its predecessor never leave two live branches', async () => {
    const d = await loginDevice(t, user.username);
    const first = await refreshAs(t, d.refreshToken, d.installId);
    t.clock.advance({ seconds: 31 });
    const sid = chainOf(d.refreshToken);
    const [a, b] = await raceOnRow(t, `SELECT 1 FROM mobile_sessions WHERE id = ${sid} FOR UPDATE`, 2, () =>
      Promise.all([refreshAs(t, first.body.refresh_token, d.installId), refreshAs(t, d.refreshToken, d.installId)]),
    );
    expect(b.body.code).toBe('token_reused');
    // Whatever the order, the chain ends revoked and the successor's successor is dead too.
    const chain = await t.platform.prisma.mobileSession.findUniqueOrThrow({ where: { id: sid } });
    expect(chain.revokedAt).not.toBeNull();
    if (a.status === 200) expect((await me(device(d.installId, a.body).headers)).body.code).toBe('token_invalid');
    else expect(a.body.code).toBe('token_invalid');
  });
});
