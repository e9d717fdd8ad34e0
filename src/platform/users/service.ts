// Users: the host platform's accounts with roles. Their inputs are declared here, checked by the one validator on
// both faces and for the CLI; capabilities sit on the fields, whose account a caller may see or edit is `users`'.
import { z } from 'zod';
import { Prisma, type User } from '../../generated/prisma/client.ts';
import { parseDeclared, type Input } from '../validation.ts';
import { email, id, inputObject, pageArgs, search, text } from '../../input/vocabulary.ts';
import { ROLE_NAMES } from '../capabilities.ts';
import { isUniqueViolation } from '../database-errors.ts';
import { AppError, notFound } from '../errors.ts';
import type { Platform } from '../platform.ts';
import { can, type Principal } from '../principal.ts';
import { requestEmailChange } from './email-change.ts';
import { hashPassword } from './passwords.ts';
import { users } from './policy.ts';
import { transaction } from '../transaction.ts';
import { randomAlphanumeric } from './secrets.ts';

const USERNAME = /^[A-Za-z0-9._@-]+$/;
const username = () =>
  z
    .string()
    .trim()
    .min(1)
    .max(60)
    .refine((s) => USERNAME.test(s), 'Usernames use 1-60 letters, digits and . _ @ -');
const password = () => z.string().min(8).max(512);
const roles = () =>
  z
    .array(z.string())
    .max(6)
    .refine((names) => names.every((r) => (ROLE_NAMES as readonly string[]).includes(r)), 'Unknown role.');

export const UserCreate = inputObject(
  'CreateUserInput',
  {
    username: username().describe(
      'Login name: 1–60 letters, digits and . _ @ - (409 user_username_exists when taken).',
    ),
    email: email().describe('E-mail address, stored lowercase (409 user_email_exists when taken).'),
    displayName: text(250).optional().describe('Name shown to others (at most 250 characters); default: the username.'),
    password: password()
      .optional()
      .describe('8–512 characters; omit to have a strong one generated and answered once.'),
    roles: roles().optional().describe('Role names the site knows (e.g. editor); default: subscriber.'),
  },
  'A new account.',
);

export const UserUpdate = inputObject(
  'UpdateUserInput',
  {
    email: email()
      .optional()
      .describe('New e-mail address; without edit_users it applies only once confirmed from that address.'),
    displayName: text(250, 1).optional().describe('Name shown to others (1–250 characters).'),
    password: password().optional().describe('New password, 8–512 characters.'),
  },
  'Changes to an account; fields left out or null stay as they are.',
);

export const UserId = { id: id().describe('The user id.') };
export const UserEdit = { id: id().describe('The user to edit.'), input: UserUpdate };
export const UserRoles = z.object({
  id: id().describe('The user.'),
  roles: roles().describe('The complete new set of role names (e.g. ["editor"]).'),
});
export const UserFilter = {
  ...pageArgs,
  search: search().describe('Case-insensitive substring of the username, e-mail address or display name.'),
  role: z.string().max(60).optional().describe('Only users holding this role (e.g. editor).'),
};

/** Creates a user; without a password a strong one is generated and answered once. */
export async function createUser(
  platform: Platform,
  input: Input<typeof UserCreate>,
): Promise<{ user: User; password: string }> {
  const data = parseDeclared(UserCreate, input);
  const plain = data.password ?? randomAlphanumeric(24);
  try {
    const user = await platform.prisma.user.create({
      data: {
        username: data.username,
        email: data.email,
        displayName: data.displayName || data.username,
        passwordHash: await hashPassword(plain),
        roles: data.roles ?? ['subscriber'],
        createdAt: platform.clock.now(),
      },
    });
    return { user, password: plain };
  } catch (err) {
    throw uniqueViolation(err) ?? err;
  }
}

/**
 * Edits a user, as the principal may (yourself, or anyone with edit_users). Without edit_users a new e-mail address
 * waits for confirmation from that address (email-change.ts) instead of applying, so the answer cannot tell whether
 * another account uses it.
 */
export async function updateUser(
  platform: Platform,
  principal: Principal,
  id: number,
  input: Input<typeof UserUpdate>,
): Promise<User> {
  users.authorize(principal, 'edit', id);
  const data = parseDeclared(UserUpdate, input);
  const current = await userById(platform, id);
  if (!can(principal, 'edit_users') && data.email && data.email !== current.email) {
    await requestEmailChange(platform, id, data.email);
    data.email = undefined;
  }
  try {
    const user = await platform.prisma.user.update({
      where: { id },
      data: {
        ...(data.email ? { email: data.email } : {}),
        ...(data.displayName ? { displayName: data.displayName } : {}),
        ...(data.password ? { passwordHash: await hashPassword(data.password) } : {}),
      },
    });
    platform.principals.forget({ userId: id });
    return user;
  } catch (err) {
    throw uniqueViolation(err) ?? err;
  }
}

/** Replaces a user's roles (promote_users, checked on the field). */
export async function setRoles(platform: Platform, input: Input<typeof UserRoles>): Promise<User> {
  const { id, roles } = parseDeclared(UserRoles, input);
  await userById(platform, id);
  const user = await platform.prisma.user.update({ where: { id }, data: { roles } });
  platform.principals.forget({ userId: id });
  return user;
}

/**
 * Deletes a user (the CLI's `users delete`; no face offers it). Their credentials, sessions and memberships go with
 * them (the foreign keys cascade); their posts go to `reassignTo` when given, else they stay without an author, as
 * their form entries do. Answers the deleted user.
 */
export async function deleteUser(
  platform: Platform,
  id: number,
  reassignTo?: number,
): Promise<{ user: User; reassigned: number }> {
  if (reassignTo === id) throw new AppError('rest_invalid_param', 'A user cannot take over their own posts.');
  const done = await transaction(platform, async (tx) => {
    const user = await tx.user.findUnique({ where: { id } });
    if (!user) throw notFound('user_not_found', 'No user has that id.');
    let reassigned = 0;
    if (reassignTo !== undefined) {
      // The posts' foreign key locks the heir's row (FOR KEY SHARE) as they move: a concurrent delete of the heir waits.
      if (!(await tx.user.findUnique({ where: { id: reassignTo }, select: { id: true } })))
        throw notFound('user_not_found', 'No user has the id given to take over the posts.');
      reassigned = (await tx.post.updateMany({ where: { authorId: id }, data: { authorId: reassignTo } })).count;
    }
    await tx.user.delete({ where: { id } });
    return { user, reassigned };
  });
  platform.principals.forget({ userId: id });
  return done;
}

/** A user the principal may see (yourself, or anyone with list_users): 401/403 otherwise, then 404 when none. */
export function getUser(platform: Platform, principal: Principal, id: number): Promise<User> {
  users.authorize(principal, 'view', id);
  return userById(platform, id);
}

async function userById(platform: Platform, id: number): Promise<User> {
  const user = await platform.prisma.user.findUnique({ where: { id } });
  if (!user) throw notFound('user_not_found', 'No user has that id.');
  return user;
}

/** Finds a user by username or e-mail address (case-insensitive e-mail). */
export function findByLogin(platform: Platform, identifier: string): Promise<User | null> {
  const id = identifier.trim();
  return platform.prisma.user.findFirst({
    where: id.includes('@') ? { OR: [{ email: id.toLowerCase() }, { username: id }] } : { username: id },
  });
}

/** A user given as id, username or e-mail, as wp-cli accepts (the CLI's way to name a user). */
export async function resolveUser(platform: Platform, ref: string) {
  const user = /^\d+$/.test(ref)
    ? await platform.prisma.user.findUnique({ where: { id: Number(ref) } })
    : await platform.prisma.user.findFirst({ where: { OR: [{ username: ref }, { email: ref.toLowerCase() }] } });
  if (!user) throw notFound('user_not_found', `No user matches "${ref}".`);
  return user;
}

export interface UserQuery {
  search?: string | null;
  role?: string | null;
}

export function userWhere(q: UserQuery): Prisma.UserWhereInput {
  return {
    ...(q.role ? { roles: { has: q.role } } : {}),
    ...(q.search
      ? {
          OR: [
            { username: { contains: q.search, mode: 'insensitive' } },
            { email: { contains: q.search, mode: 'insensitive' } },
            { displayName: { contains: q.search, mode: 'insensitive' } },
          ],
        }
      : {}),
  };
}

function uniqueViolation(err: unknown): AppError | null {
  if (!isUniqueViolation(err)) return null;
  return isUniqueViolation(err, 'email')
    ? new AppError('user_email_exists', 'That e-mail address is already registered.')
    : new AppError('user_username_exists', 'That username is already taken.');
}
