// API keys: `svc_` + 40 lowercase hex from a CSPRNG. Only SHA-256 of the key and its first 8 characters are stored;
// the raw key is shown once. A key acts as its owner, limited to its scopes.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { parseDeclared, type Input } from '../validation.ts';
import { text } from '../../input/vocabulary.ts';
import { AppError, notFound, ValidationError } from '../errors.ts';
import type { Platform } from '../platform.ts';
import type { Principal, UserPrincipal } from '../principal.ts';
import { sha256 } from '../users/secrets.ts';
import { CredentialOwner, credentialOwner, newCredentialOwner, revocableOwner } from './credential-owner.ts';
import { principalFor, touch } from './principal-for.ts';

export const API_KEY_PATTERN = /^svc_[0-9a-f]{40}$/;
export const generateApiKey = (): string => `svc_${randomBytes(20).toString('hex')}`;

/** Scopes a key may carry: "*", any capability of any role, or an API scope a module declared (e.g. mailer:events). */
export function knownScopes(platform: Platform): Set<string> {
  return new Set(['*', ...platform.roles.all(), ...platform.apiScopes.keys()]);
}

/** A key never lends more than its owner holds: each scope (a capability, or an API scope's capability) must be the
 *  owner's. "*" is always grantable; it lends only what the owner holds at the time of each use. */
async function assertGrantable(platform: Platform, userId: number, scopes: readonly string[]) {
  const owner = await platform.prisma.user.findUnique({ where: { id: userId }, select: { roles: true } });
  const caps = platform.roles.capabilitiesOf(owner?.roles ?? []);
  for (const scope of scopes) {
    if (scope === '*') continue;
    const needed = platform.apiScopes.get(scope) ?? scope;
    if (!caps.has(needed)) {
      const what = needed === scope ? `the capability ${scope}` : `${scope}, which needs the capability ${needed}`;
      throw new AppError('rest_forbidden', `The key's owner cannot grant ${what}.`, {
        status: 403,
        data: { params: { scopes: `${scope} is not the owner's to grant.` } },
      });
    }
  }
}

export const ApiKeyCreate = z.object({
  name: text(100, 1).describe('A label, 1–100 characters (e.g. the service that will use it).'),
  // Scopes are names, compared as given (not trimmed).
  scopes: z
    .array(z.string().min(1).max(100))
    .min(1)
    .max(50)
    .optional()
    .describe('Capabilities or API scopes (e.g. mailer:events); default ["*"] (all of the owner\'s).'),
  ...CredentialOwner,
});

/** Creates an API key for the caller (or the user it names, as credentialOwner allows). */
export async function createApiKey(platform: Platform, principal: Principal, input: Input<typeof ApiKeyCreate>) {
  const data = parseDeclared(ApiKeyCreate, input);
  const userId = newCredentialOwner(principal, data.userId);
  // Which scopes exist depends on the installed modules: checked here, after the declared rules.
  const known = knownScopes(platform);
  if (data.scopes && !data.scopes.every((x) => known.has(x))) throw new ValidationError({ scopes: 'Unknown scope.' });
  const scopes = [...new Set(data.scopes ?? ['*'])];
  await assertGrantable(platform, userId, scopes);
  const key = generateApiKey();
  const item = await platform.prisma.apiKey.create({
    data: {
      userId,
      name: data.name,
      prefix: key.slice(0, 8),
      hash: sha256(key),
      scopes,
      createdAt: platform.clock.now(),
    },
  });
  return { item, key };
}

/** The caller's API keys (or the named user's; every user's for the system when it names none). */
/** The keys the caller may list: their own or `userId`'s (edit_users); everyone's for the system. */
export function apiKeysWhere(principal: Principal, userId?: number | null) {
  const owner = credentialOwner(principal, userId);
  return owner ? { userId: owner } : {};
}

export function listApiKeys(platform: Platform, principal: Principal, userId?: number | null) {
  return platform.prisma.apiKey.findMany({ where: apiKeysWhere(principal, userId), orderBy: { id: 'asc' } });
}

/** Revokes a key the caller may revoke (their own; anyone's with edit_users); others are 404. Revoked keys stay
 *  listed with their revocation time. */
export async function revokeApiKey(platform: Platform, principal: Principal, id: number) {
  const ownerId = revocableOwner(principal);
  const item = await platform.prisma.apiKey.findUnique({ where: { id } });
  if (!item || (ownerId !== null && item.userId !== ownerId))
    throw notFound('api_key_not_found', 'No API key has that id.');
  if (item.revokedAt) return item;
  const revoked = await platform.prisma.apiKey.update({ where: { id }, data: { revokedAt: platform.clock.now() } });
  platform.principals.forget({ table: 'api_keys', id });
  return revoked;
}

export async function authenticateApiKey(platform: Platform, key: string, ip: string | null): Promise<UserPrincipal> {
  const invalid = new AppError('api_key_invalid', 'The API key is not valid.');
  if (!API_KEY_PATTERN.test(key)) throw invalid;
  const hash = sha256(key);
  const credential = await platform.principals.get(`api_key:${hash}`, async () => {
    const item = await platform.prisma.apiKey.findUnique({ where: { hash }, include: { user: true } });
    if (!item || item.revokedAt) return null;
    return {
      principal: principalFor(platform, item.user, 'api_key', item.id, item.scopes),
      table: 'api_keys' as const,
      id: item.id,
      lastUsedAt: item.lastUsedAt,
      lastIp: item.lastIp,
    };
  });
  if (!credential) throw invalid;
  await touch(platform, credential, ip, (data) =>
    platform.prisma.apiKey.update({ where: { id: credential.id }, data }),
  );
  return credential.principal;
}
