// The JWT signing secrets. JWT_SECRET signs; JWT_PREVIOUS_SECRETS still verify, so a secret can be rotated without
// logging every device out. Each secret is named by a `kid` derived from it (the token header says which one signed).
// Without JWT_SECRET (development, the embedded default) a random secret is generated once and kept in the
// database (table mobile_secrets), so tokens survive restarts and every instance on that database agrees.
// Production refuses to start without a strong JWT_SECRET.
import { createHash, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { ConfigError, type Config } from '../../platform/config.ts';
import type { Platform } from '../../platform/platform.ts';

export interface Keyring {
  signing: { kid: string; key: KeyObject };
  /** Every secret that verifies, by kid (the signing one included). */
  verifying: ReadonlyMap<string, KeyObject>;
  /** True when the signing secret was generated (JWT_SECRET unset). */
  generated: boolean;
}

const MIN_SECRET_LENGTH = 32;
const PLACEHOLDERS = [
  'changeme',
  'change-me',
  'change_me',
  'replaceme',
  'replace-me',
  'your-256-bit-secret',
  'placeholder',
  'example',
];
const COMMON = new Set([
  'secret',
  'jwt_secret',
  'jwtsecret',
  'jwt-secret',
  'mysecret',
  'supersecret',
  'password',
  'default',
  'atrium',
  'test',
]);

/** Why a secret is weak, or null. Long random strings pass; short, placeholder or low-variety ones do not. */
export function secretWeakness(secret: string): string | null {
  const lower = secret.toLowerCase();
  if (COMMON.has(lower) || PLACEHOLDERS.some((p) => lower.includes(p))) return 'is a well-known placeholder value';
  if (secret.length < MIN_SECRET_LENGTH) {
    return `is only ${secret.length} characters long (at least ${MIN_SECRET_LENGTH} random characters are needed)`;
  }
  if (new Set(secret).size < 10) return 'has too few distinct characters to be random';
  return null;
}

/** Start-up rule: production needs a strong JWT_SECRET, and strong previous secrets (they still verify tokens). */
export function assertProductionSecrets(config: Config): void {
  if (!config.production) return;
  const hint = 'Generate one with: openssl rand -base64 48';
  const { jwtSecret, jwtPreviousSecrets } = config.mobile;
  if (!jwtSecret)
    throw new ConfigError(`JWT_SECRET is required in production (mobile access tokens are signed with it). ${hint}`);
  const weak = secretWeakness(jwtSecret);
  if (weak) throw new ConfigError(`JWT_SECRET ${weak}. ${hint}`);
  jwtPreviousSecrets.forEach((s, i) => {
    const w = secretWeakness(s);
    if (w) throw new ConfigError(`JWT_PREVIOUS_SECRETS entry ${i + 1} ${w}; remove it or replace it. ${hint}`);
  });
}

/** A short public name for a secret. It reveals no more than a signature made with the secret does. */
const kidOf = (secret: string): string =>
  createHash('sha256').update(`atrium-jwt-kid\0${secret}`).digest('base64url').slice(0, 12);

const GENERATED = 'jwt_secret';

async function generatedSecret(platform: Platform): Promise<string> {
  // Insert-if-absent, then read: concurrent first starts agree on one secret.
  await platform.prisma.mobileSecret.createMany({
    data: [{ name: GENERATED, value: randomBytes(48).toString('base64url'), createdAt: platform.clock.now() }],
    skipDuplicates: true,
  });
  const row = await platform.prisma.mobileSecret.findUniqueOrThrow({ where: { name: GENERATED } });
  return row.value;
}

async function loadKeyring(platform: Platform): Promise<Keyring> {
  const { jwtSecret, jwtPreviousSecrets } = platform.config.mobile;
  const current = jwtSecret ?? (await generatedSecret(platform));
  const verifying = new Map<string, KeyObject>();
  for (const s of [current, ...jwtPreviousSecrets]) verifying.set(kidOf(s), createSecretKey(Buffer.from(s, 'utf8')));
  const kid = kidOf(current);
  return { signing: { kid, key: verifying.get(kid)! }, verifying, generated: !jwtSecret };
}

const keyrings = new WeakMap<Platform, Promise<Keyring>>();

/** The platform's keyring, loaded once. */
export function keyring(platform: Platform): Promise<Keyring> {
  let k = keyrings.get(platform);
  if (!k) {
    k = loadKeyring(platform);
    k.catch(() => keyrings.delete(platform));
    keyrings.set(platform, k);
  }
  return k;
}
