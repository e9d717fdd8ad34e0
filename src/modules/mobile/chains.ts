// Session chains: one per login on one device. A chain is the unit of revocation (logout, reuse, an operator, a
// password change): revoking it ends every access and refresh token it ever issued, because every token names it
// (sid) and every use checks it.
import { enumOf } from '../../input/vocabulary.ts';
import { AppError } from '../../platform/errors.ts';
import { mobileErrors } from './errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { sha256 } from '../../platform/users/secrets.ts';
import type { MobileSession, User } from '../../generated/prisma/client.ts';
import { REFRESH_TTL_SECONDS } from './tokens.ts';

const REVOKE_REASONS = ['logout', 'user', 'admin', 'reuse', 'device', 'password', 'relogin'] as const;
export type RevokeReason = (typeof REVOKE_REASONS)[number];
export const RevokeReasonEnum = enumOf(
  'MobileRevokeReason',
  REVOKE_REASONS,
  'Why a session ended: logout, by its user or an administrator, refresh-token reuse, another device, a password change, or a new login on the same device.',
  {
    logout: 'The app logged out.',
    user: 'The user ended the session from another device or the site.',
    admin: 'An administrator ended the session.',
    reuse: 'An old refresh token was used again (possible theft): the session was ended.',
    device: 'A refresh token came from another device (install id): the session was ended.',
    password: "The user's password changed.",
    relogin: 'A new login on the same device replaced it.',
  },
);

/** A chain (every column) with the fields of its user that authentication needs, read in one statement. */
export interface ChainRow extends MobileSession {
  user: Pick<User, 'id' | 'username' | 'email' | 'displayName' | 'roles' | 'passwordHash'>;
}

// A chain's columns as MobileSession names them, and its user's, from `s` (the chain) joined with `u` (its user).
const chainColumns = [
  's.id',
  's.user_id as userId',
  's.install_id as installId',
  's.generation',
  's.created_at as createdAt',
  's.rotated_at as rotatedAt',
  's.last_used_at as lastUsedAt',
  's.expires_at as expiresAt',
  's.revoked_at as revokedAt',
  's.revoke_reason as revokeReason',
  's.ip',
  's.last_ip as lastIp',
  's.user_agent as userAgent',
  's.password_fp as passwordFp',
  'u.username',
  'u.email',
  'u.display_name as displayName',
  'u.roles',
  'u.password_hash as passwordHash',
] as const;

type RawChain = MobileSession & Pick<User, 'username' | 'email' | 'displayName' | 'roles' | 'passwordHash'>;

function toChainRow(r: RawChain): ChainRow {
  const { username, email, displayName, roles, passwordHash, ...chain } = r;
  return { ...chain, user: { id: r.userId, username, email, displayName, roles, passwordHash } };
}

/** A chain and its user in one statement: every request with a mobile access token reads it (verifier.ts), so it is a
 *  prepared statement on the pool rather than a raw query through Prisma's client. */
export async function findChain(platform: Platform, id: number): Promise<ChainRow | null> {
  const row = await platform.sql
    .selectFrom('mobile_sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(chainColumns)
    .where('s.id', '=', id)
    .executeTakeFirst();
  return row ? toChainRow(row) : null;
}

/** Advances a chain from generation `gen` to the next, in one statement (the user read in the same one). Of N
 *  concurrent calls with the same `gen` exactly one gets the row; null when the chain has moved on, ended or expired. */
export async function rotateChain(
  platform: Platform,
  id: number,
  gen: number,
  ip: string | null,
): Promise<ChainRow | null> {
  const now = platform.clock.now();
  const row = await platform.sql
    .with('s', (db) =>
      db
        .updateTable('mobile_sessions')
        .set((eb) => ({ generation: eb('generation', '+', 1), rotated_at: now, last_used_at: now, last_ip: ip }))
        .where('id', '=', id)
        .where('generation', '=', gen)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .returningAll(),
    )
    .selectFrom('s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(chainColumns)
    .executeTakeFirst();
  return row ? toChainRow(row) : null;
}

/** A digest of the password hash: stored at login, compared at every use, so a password change ends the chain. */
const passwordFingerprint = (passwordHash: string) => sha256(`mobile-chain\0${passwordHash}`).slice(0, 32);

export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

/** Starts a chain for a login. One live chain per user and device: an earlier one on the same device ends. */
export async function startChain(platform: Platform, user: User, installId: string, meta: RequestMeta) {
  const now = platform.clock.now();
  const [replaced, chain] = await platform.prisma.$transaction([
    platform.prisma.mobileSession.updateManyAndReturn({
      where: { userId: user.id, installId, revokedAt: null },
      data: { revokedAt: now, revokeReason: 'relogin' },
      select: { id: true },
    }),
    platform.prisma.mobileSession.create({
      data: {
        userId: user.id,
        installId,
        createdAt: now,
        rotatedAt: now,
        lastUsedAt: now,
        expiresAt: new Date(now.getTime() + REFRESH_TTL_SECONDS * 1000),
        ip: meta.ip,
        lastIp: meta.ip,
        userAgent: meta.userAgent?.slice(0, 500) ?? null,
        passwordFp: passwordFingerprint(user.passwordHash),
      },
    }),
  ]);
  for (const r of replaced)
    await platform.events.emit('mobile/session/revoked', { sessionId: r.id, userId: user.id, reason: 'relogin' });
  await platform.events.emit('mobile/session/started', { sessionId: chain.id, userId: user.id, installId });
  return chain;
}

/** Ends a chain now. Answers whether this call ended it (false when it had already ended). */
export async function revokeChain(platform: Platform, id: number, reason: RevokeReason): Promise<boolean> {
  const rows = await platform.prisma.mobileSession.updateManyAndReturn({
    where: { id, revokedAt: null },
    data: { revokedAt: platform.clock.now(), revokeReason: reason },
    select: { userId: true },
  });
  if (!rows[0]) return false;
  platform.logger.info({ sessionId: id, userId: rows[0].userId, reason }, 'mobile session revoked');
  await platform.events.emit('mobile/session/revoked', { sessionId: id, userId: rows[0].userId, reason });
  return true;
}

/** Checks a chain read for a token: alive, the token's user, the password unchanged. Throws the 401 otherwise. */
export async function assertLive(platform: Platform, chain: ChainRow | null, userId: number): Promise<ChainRow> {
  if (!chain || chain.userId !== userId) throw new AppError('token_invalid', 'The token is not valid.');
  if (chain.revokedAt) throw new AppError('token_invalid', 'This session has ended; log in again.');
  if (chain.expiresAt <= platform.clock.now())
    throw mobileErrors.error('token_expired', 'This session has expired; log in again.');
  if (chain.passwordFp !== passwordFingerprint(chain.user.passwordHash)) {
    await revokeChain(platform, chain.id, 'password');
    throw new AppError('token_invalid', 'The password has changed since this login; log in again.');
  }
  return chain;
}
