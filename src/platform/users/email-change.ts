// Self-service e-mail changes, confirmed from the new address (WordPress's new_user_email flow). A user who may not
// edit users asks for a new address: nothing changes yet and the answer is the same whether the address is free or
// another account's, so the change cannot probe for addresses; the link mailed to the new address applies it, and
// only the owner of that mailbox learns if it is taken (409 user_email_exists).
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { isUniqueViolation } from '../database-errors.ts';
import { AppError } from '../errors.ts';
import type { Platform } from '../platform.ts';

const TTL_MS = 24 * 3600_000;
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Records the wish and mails the confirmation link; a newer request replaces an older one. */
export async function requestEmailChange(platform: Platform, userId: number, email: string): Promise<void> {
  if (!platform.mail.configured) {
    throw new AppError(
      'user_email_change_unavailable',
      'A new e-mail address is confirmed by mail, and this site sends none (SMTP_URL): ask an administrator to change it.',
      { status: 409 },
    );
  }
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(platform.clock.now().getTime() + TTL_MS);
  const data = { email, tokenHash: hash(token), expiresAt };
  await platform.prisma.userEmailChange.upsert({ where: { userId }, create: { userId, ...data }, update: data });
  await platform.mail.send({
    to: email,
    subject: 'Confirm your new e-mail address',
    text: `Someone asked to use this address for their account at ${platform.config.publicUrl}.\n\nConfirmation token: ${token}\n\nYour site's app confirms it with it (GraphQL confirmEmailChange). It expires in 24 hours. If this was not you, ignore this message.`,
  });
}

export const EmailChangeToken = { token: z.string().max(200).describe('The confirmation token from the e-mail.') };

/** Applies the change the token stands for; 404 for an unknown or expired token. */
export async function confirmEmailChange(platform: Platform, token: string): Promise<number> {
  const change = await platform.prisma.userEmailChange.findUnique({ where: { tokenHash: hash(token) } });
  if (!change || change.expiresAt <= platform.clock.now())
    throw new AppError('user_email_change_not_found', 'This confirmation link is unknown or has expired.', {
      status: 404,
    });
  try {
    await platform.prisma.$transaction([
      platform.prisma.user.update({ where: { id: change.userId }, data: { email: change.email } }),
      platform.prisma.userEmailChange.delete({ where: { userId: change.userId } }),
    ]);
  } catch (err) {
    if (isUniqueViolation(err))
      throw new AppError('user_email_exists', 'That e-mail address is already used by another account.', {
        status: 409,
      });
    throw err;
  }
  platform.principals.forget({ userId: change.userId });
  return change.userId;
}
