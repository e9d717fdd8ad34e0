// Username-or-email + password verification shared by every password login (GraphQL cookie login, mobile login).
// Unknown users cost the same time and get the same answer as wrong passwords. Login guards (throttling) run
// around it, so every login path is protected alike.
import { z } from 'zod';
import { text } from '../../input/vocabulary.ts';
import { AppError } from '../errors.ts';
import type { Platform } from '../platform.ts';
import { findByLogin } from '../users/service.ts';
import { burnPasswordCheck, verifyPassword } from '../users/passwords.ts';
import type { User } from '../../generated/prisma/client.ts';
import type { LoginAttempt } from './extensions.ts';

/** What a password login takes, whichever face or module asks for it (cookie login, mobile login). */
export const PasswordCredentials = z.object({
  username: text(200, 1).describe('Username or e-mail address.'),
  // A password is compared as typed: never trimmed.
  password: z.string().min(1).max(512).describe('The account password, as typed (not trimmed).'),
});

export async function passwordLogin(platform: Platform, attempt: LoginAttempt, password: string): Promise<User> {
  for (const guard of platform.auth.loginGuards) await guard.before(attempt);
  const user = await findByLogin(platform, attempt.identifier);
  const ok = user ? await verifyPassword(user.passwordHash, password) : await burnPasswordCheck(password);
  for (const guard of platform.auth.loginGuards)
    await guard.after(attempt, { ok, userId: ok && user ? user.id : null });
  if (!ok || !user) throw new AppError('invalid_credentials', 'The username or password is not valid.');
  await platform.prisma.user.update({ where: { id: user.id }, data: { lastLoginAt: platform.clock.now() } });
  return user;
}
