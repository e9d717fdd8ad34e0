// Application passwords (HTTP Basic): per user, named, 24 random characters shown once, stored as SHA-256,
// last-used time and IP recorded, revocable. Spaces in the offered password are ignored, as core does.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { parseDeclared, type Input } from '../validation.ts';
import { text } from '../../input/vocabulary.ts';
import { AppError, notFound } from '../errors.ts';
import type { Platform } from '../platform.ts';
import type { Principal, UserPrincipal } from '../principal.ts';
import { randomAlphanumeric, sha256 } from '../users/secrets.ts';
import { CredentialOwner, credentialOwner, newCredentialOwner, revocableOwner } from './credential-owner.ts';
import { principalFor, touch } from './principal-for.ts';

/** Where a client sends a user to approve a new application password (the discovery index names it; the core
 *  module serves the page). */
export const AUTHORIZE_PATH = '/authorize-application';

export const AppPasswordCreate = z.object({
  name: text(100, 1).describe('A label, 1–100 characters (e.g. the app that will use it).'),
  userId: CredentialOwner.userId.describe('Create it for another user (needs edit_users).'),
});

/** Creates an application password for the caller (or the user it names, as credentialOwner allows). */
export async function createAppPassword(
  platform: Platform,
  principal: Principal,
  input: Input<typeof AppPasswordCreate>,
) {
  const data = parseDeclared(AppPasswordCreate, input);
  const userId = newCredentialOwner(principal, data.userId);
  const plain = randomAlphanumeric(24);
  const item = await platform.prisma.appPassword.create({
    data: { uuid: randomUUID(), userId, name: data.name, hash: sha256(plain), createdAt: platform.clock.now() },
  });
  // Shown in groups of four, as core does; the spaces are ignored on use.
  return { item, password: plain.match(/.{4}/g)!.join(' ') };
}

/** The caller's application passwords (or the named user's; every user's for the system when it names none). */
/** The application passwords the caller may list: their own or `userId`'s (edit_users); everyone's for the system. */
export function appPasswordsWhere(principal: Principal, userId?: number | null) {
  const owner = credentialOwner(principal, userId);
  return owner ? { userId: owner } : {};
}

export function listAppPasswords(platform: Platform, principal: Principal, userId?: number | null) {
  return platform.prisma.appPassword.findMany({ where: appPasswordsWhere(principal, userId), orderBy: { id: 'asc' } });
}

/** Revokes an application password the caller may revoke (their own; anyone's with edit_users); others are 404. */
export async function revokeAppPassword(platform: Platform, principal: Principal, id: number) {
  const ownerId = revocableOwner(principal);
  const item = await platform.prisma.appPassword.findUnique({ where: { id } });
  if (!item || (ownerId !== null && item.userId !== ownerId)) {
    throw notFound('app_password_not_found', 'No application password has that id.');
  }
  await platform.prisma.appPassword.delete({ where: { id } });
  platform.principals.forget({ table: 'app_passwords', id });
  return item;
}

export async function authenticateAppPassword(
  platform: Platform,
  username: string,
  password: string,
  ip: string | null,
): Promise<UserPrincipal> {
  const hash = sha256(password.replace(/\s+/g, ''));
  const credential = await platform.principals.get(`app_password:${hash}`, async () => {
    const item = await platform.prisma.appPassword.findUnique({ where: { hash }, include: { user: true } });
    return (
      item && {
        principal: principalFor(platform, item.user, 'app_password', item.id),
        table: 'app_passwords' as const,
        id: item.id,
        lastUsedAt: item.lastUsedAt,
        lastIp: item.lastIp,
      }
    );
  });
  const login = username.trim();
  const user = credential?.principal.user;
  if (!credential || !user || (user.username !== login && user.email !== login.toLowerCase())) {
    throw new AppError('invalid_credentials', 'The username or application password is not valid.');
  }
  await touch(platform, credential, ip, (data) =>
    platform.prisma.appPassword.update({ where: { id: credential.id }, data }),
  );
  return credential.principal;
}
