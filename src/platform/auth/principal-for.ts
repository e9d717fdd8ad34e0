// Builds a user principal from a user row and the credential that authenticated it.
import type { User } from '../../generated/prisma/client.ts';
import type { Platform } from '../platform.ts';
import type { AuthMethod, UserPrincipal } from '../principal.ts';
import type { CachedCredential } from './principal-cache.ts';

export function principalFor(
  platform: Pick<Platform, 'roles'>,
  user: Pick<User, 'id' | 'username' | 'email' | 'displayName' | 'roles'>,
  via: AuthMethod,
  credentialId: number | null = null,
  scopes: readonly string[] | null = null,
): UserPrincipal {
  return {
    kind: 'user',
    user: { id: user.id, username: user.username, email: user.email, displayName: user.displayName, roles: user.roles },
    caps: platform.roles.capabilitiesOf(user.roles),
    via,
    scopes,
    credentialId,
  };
}

/** Last-used bookkeeping is written at most once a minute per credential (or when the IP changes). */
export function shouldTouch(lastUsedAt: Date | null, lastIp: string | null, now: Date, ip: string | null): boolean {
  return !lastUsedAt || now.getTime() - lastUsedAt.getTime() > 60_000 || (ip !== null && ip !== lastIp);
}

/** Records a credential's use (at most once a minute, or when the IP changes) in its row and in the cached entry. */
export async function touch(
  platform: Pick<Platform, 'clock'>,
  credential: CachedCredential,
  ip: string | null,
  write: (data: { lastUsedAt: Date; lastIp: string | null }) => Promise<unknown>,
): Promise<void> {
  const now = platform.clock.now();
  if (!shouldTouch(credential.lastUsedAt, credential.lastIp, now, ip)) return;
  credential.lastUsedAt = now;
  credential.lastIp = ip;
  await write({ lastUsedAt: now, lastIp: ip });
}
