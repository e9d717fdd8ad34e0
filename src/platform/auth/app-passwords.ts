// Application passwords (HTTP Basic): per user, named, 24 random characters shown once, stored as SHA-256,
// last-used time and IP recorded, revocable. Spaces in the offered password are ignored, as core does.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { AppError, notFound } from '../errors.ts';
import type { Platform } from '../platform.ts';
import type { UserPrincipal } from '../principal.ts';
import { randomAlphanumeric, sha256 } from '../users/secrets.ts';
import { parseInput } from '../validate.ts';
import { principalFor, touch } from './principal-for.ts';

/** Where a client sends a user to approve a new application password (the discovery index names it; the core
 *  module serves the page). */
export const AUTHORIZE_PATH = '/authorize-application';

export async function createAppPassword(platform: Platform, userId: number, name: string) {
  const data = parseInput(z.object({ name: z.string().trim().min(1, 'A name is required.').max(100) }), { name });
  const plain = randomAlphanumeric(24);
  const item = await platform.prisma.appPassword.create({
    data: { uuid: randomUUID(), userId, name: data.name, hash: sha256(plain), createdAt: platform.clock.now() },
  });
  // Shown in groups of four, as core does; the spaces are ignored on use.
  return { item, password: plain.match(/.{4}/g)!.join(' ') };
}

export function listAppPasswords(platform: Platform, userId?: number) {
  return platform.prisma.appPassword.findMany({ where: userId ? { userId } : {}, orderBy: { id: 'asc' } });
}

/** Revokes one of `ownerId`'s application passwords (any user's when ownerId is null). */
export async function revokeAppPassword(platform: Platform, id: number, ownerId: number | null) {
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
    return item && { principal: principalFor(platform, item.user, 'app_password', item.id), table: 'app_passwords' as const, id: item.id, lastUsedAt: item.lastUsedAt, lastIp: item.lastIp };
  });
  const login = username.trim();
  const user = credential?.principal.user;
  if (!credential || !user || (user.username !== login && user.email !== login.toLowerCase())) {
    throw new AppError('invalid_credentials', 'The username or application password is not valid.');
  }
  await touch(platform, credential, ip, (data) => platform.prisma.appPassword.update({ where: { id: credential.id }, data }));
  return credential.principal;
}
