// Login passwords: argon2id with OWASP's parameters (19 MiB, 2 iterations, 1 lane). Every check costs one argon2
// verification of these parameters, whatever the account: a known user, an unknown one, or one without a usable hash
// (imported accounts store no argon2 string) — so the time of a wrong answer says nothing about the account.
import type { Algorithm } from '@node-rs/argon2';

// A native addon, loaded on the first password hashed or checked: serve's first answer needs none (docs/performance.md).
let argon2: Promise<typeof import('@node-rs/argon2')> | undefined;
const loadArgon2 = () => (argon2 ??= import('@node-rs/argon2'));

const ARGON2ID = 2 as Algorithm; // Algorithm.Argon2id (a const enum, not importable under isolatedModules)
export const ARGON2_PARAMS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

/** argon2 verifications run by this process (exposed as a metric: each password check must add exactly one). */
export const passwordWork = { verifications: 0 };

export async function hashPassword(password: string): Promise<string> {
  return (await loadArgon2()).hash(password, ARGON2_PARAMS);
}

const isArgon2 = (passwordHash: string) => passwordHash.startsWith('$argon2');

let dummy: Promise<string> | undefined;
const dummyHash = () => (dummy ??= hashPassword('atrium-timing-equaliser'));

async function argon2Verify(passwordHash: string, password: string): Promise<boolean> {
  try {
    const ok = await (await loadArgon2()).verify(passwordHash, password);
    passwordWork.verifications++; // counted once the work is done: a hash refused at once cost nothing
    return ok;
  } catch {
    return false; // a damaged argon2 string: never a match
  }
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  // No usable hash (an imported account, a reset pending): the same work against the throwaway hash, then no.
  if (!isArgon2(passwordHash)) return burnPasswordCheck(password);
  return argon2Verify(passwordHash, password);
}

/** Verifies against a throwaway hash, so an unknown user costs the same time as a wrong password. */
export async function burnPasswordCheck(password: string): Promise<false> {
  await argon2Verify(await dummyHash(), password);
  return false;
}
