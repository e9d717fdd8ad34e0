// Cookie sessions for browser callers (admin SPA, GraphiQL). The cookie carries a random token; the database keeps
// its SHA-256. The REST nonce is an HMAC of the session over a 12-hour tick, valid for the current and previous tick
// (WordPress' nonce lifetime), so it is bound to the session and dies with it.
import { createHmac } from 'node:crypto';
import type { Session, User } from '../../generated/prisma/client.ts';
import type { Platform } from '../platform.ts';
import { randomToken, safeEqual, sha256 } from '../users/secrets.ts';
import type { CachedCredential } from './principal-cache.ts';
import { principalFor, touch } from './principal-for.ts';

export const SESSION_COOKIE = 'atrium_session';
const NONCE_TICK_MS = 12 * 3600 * 1000;

export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

export async function startSession(platform: Platform, userId: number, meta: RequestMeta) {
  const token = randomToken();
  const now = platform.clock.now();
  const session = await platform.prisma.session.create({
    data: {
      userId,
      tokenHash: sha256(token),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + platform.config.session.ttlSeconds * 1000),
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
    },
  });
  return { session, token };
}

/** The live session for a cookie token, or null (unknown, expired or revoked). */
export async function findSession(platform: Platform, token: string): Promise<(Session & { user: User }) | null> {
  const session = await platform.prisma.session.findUnique({
    where: { tokenHash: sha256(token) },
    include: { user: true },
  });
  if (!session || session.revokedAt || session.expiresAt <= platform.clock.now()) return null;
  return session;
}

export interface SessionCredential extends CachedCredential {
  session: Pick<Session, 'id' | 'tokenHash' | 'expiresAt'>;
}

/** The principal of a live session's cookie token (cached between requests), or null; records its use. */
export async function authenticateSession(
  platform: Platform,
  token: string,
  ip: string | null,
): Promise<SessionCredential | null> {
  const tokenHash = sha256(token);
  const credential = await platform.principals.get(
    `session:${tokenHash}`,
    async (): Promise<SessionCredential | null> => {
      const s = await findSession(platform, token);
      if (!s) return null;
      const principal = principalFor(platform, s.user, 'session', s.id);
      return {
        principal,
        table: 'sessions',
        id: s.id,
        lastUsedAt: s.lastSeenAt,
        lastIp: s.ip,
        session: { id: s.id, tokenHash, expiresAt: s.expiresAt },
      };
    },
  );
  if (!credential || credential.session.expiresAt <= platform.clock.now()) return null;
  await touch(platform, credential, ip, ({ lastUsedAt }) =>
    platform.prisma.session.update({ where: { id: credential.id }, data: { lastSeenAt: lastUsedAt } }),
  );
  return credential;
}

export async function endSession(platform: Platform, sessionId: number): Promise<void> {
  await platform.prisma.session.updateMany({
    where: { id: sessionId, revokedAt: null },
    data: { revokedAt: platform.clock.now() },
  });
  platform.principals.forget({ table: 'sessions', id: sessionId });
}

function nonceAt(session: Pick<Session, 'id' | 'tokenHash'>, tick: number): string {
  return createHmac('sha256', session.tokenHash).update(`wp_rest|${session.id}|${tick}`).digest('hex').slice(0, 10);
}

export function restNonce(platform: Platform, session: Pick<Session, 'id' | 'tokenHash'>): string {
  return nonceAt(session, Math.floor(platform.clock.now().getTime() / NONCE_TICK_MS));
}

export function verifyRestNonce(
  platform: Platform,
  session: Pick<Session, 'id' | 'tokenHash'>,
  nonce: string,
): boolean {
  const tick = Math.floor(platform.clock.now().getTime() / NONCE_TICK_MS);
  return safeEqual(nonce, nonceAt(session, tick)) || safeEqual(nonce, nonceAt(session, tick - 1));
}

export function sessionCookie(platform: Platform, token: string | null, secure: boolean): string {
  const attrs = [`${SESSION_COOKIE}=${token ?? ''}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
  if (secure) attrs.push('Secure');
  attrs.push(token ? `Max-Age=${platform.config.session.ttlSeconds}` : 'Max-Age=0');
  return attrs.join('; ');
}

export function pruneSessions(platform: Platform) {
  return platform.prisma.session.deleteMany({
    where: { OR: [{ expiresAt: { lt: platform.clock.now() } }, { revokedAt: { not: null } }] },
  });
}
