// Users: the host platform's accounts with roles. Capability checks happen on the GraphQL fields; ownership rules here.
import { z } from 'zod';
import { Prisma, type User } from '../../generated/prisma/client.ts';
import { requestEmailChange } from './email-change.ts';
import { AppError, notFound } from '../errors.ts';
import type { Platform } from '../platform.ts';
import { email, parseInput } from '../validate.ts';
import { hashPassword } from './passwords.ts';
import { randomAlphanumeric } from './secrets.ts';

const username = z.string().trim().regex(/^[A-Za-z0-9._@-]{1,60}$/, 'Usernames use 1-60 letters, digits and . _ @ -');
const password = z.string().min(8, 'Passwords need at least 8 characters.').max(512);

function rolesSchema(platform: Platform) {
  return z
    .array(z.string())
    .max(6)
    .refine((roles) => roles.every((r) => platform.roles.isRole(r)), { message: 'Unknown role.' });
}

export interface CreateUserInput {
  username: string;
  email: string;
  displayName?: string | null;
  password?: string | null;
  roles?: string[] | null;
}

/** Creates a user; without a password a strong one is generated and answered once. */
export async function createUser(platform: Platform, input: CreateUserInput): Promise<{ user: User; password: string }> {
  const data = parseInput(
    z.object({
      username,
      email: email(),
      displayName: z.string().trim().max(250).nullish(),
      password: password.nullish(),
      roles: rolesSchema(platform).nullish(),
    }),
    input,
  );
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

export interface UpdateUserInput {
  email?: string | null;
  displayName?: string | null;
  password?: string | null;
}

/**
 * Edits a user. `selfService`: the caller edits their own account without edit_users — a new e-mail address then
 * waits for confirmation from that address (email-change.ts) instead of applying, so the answer cannot tell whether
 * another account uses it.
 */
export async function updateUser(platform: Platform, id: number, input: UpdateUserInput, options: { selfService?: boolean } = {}): Promise<User> {
  const data = parseInput(
    z.object({ email: email().nullish(), displayName: z.string().trim().min(1).max(250).nullish(), password: password.nullish() }),
    input,
  );
  const current = await getUser(platform, id);
  if (options.selfService && data.email && data.email !== current.email) {
    await requestEmailChange(platform, id, data.email);
    data.email = null;
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

export async function setRoles(platform: Platform, id: number, roles: string[]): Promise<User> {
  const valid = parseInput(z.object({ roles: rolesSchema(platform) }), { roles }).roles;
  await getUser(platform, id);
  const user = await platform.prisma.user.update({ where: { id }, data: { roles: valid } });
  platform.principals.forget({ userId: id });
  return user;
}

export async function getUser(platform: Platform, id: number): Promise<User> {
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
  if (!(err instanceof Prisma.PrismaClientKnownRequestError) || err.code !== 'P2002') return null;
  const target = JSON.stringify(err.meta ?? {});
  return target.includes('email')
    ? new AppError('user_email_exists', 'That e-mail address is already registered.')
    : new AppError('user_username_exists', 'That username is already taken.');
}
