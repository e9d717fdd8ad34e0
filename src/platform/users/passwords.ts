// Login passwords: argon2id with OWASP's parameters (19 MiB, 2 iterations, 1 lane).
import { hash, verify, type Algorithm } from '@node-rs/argon2';

const ARGON2ID = 2 as Algorithm; // Algorithm.Argon2id (a const enum, not importable under isolatedModules)
export const ARGON2_PARAMS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_PARAMS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // malformed stored hash: never a match
  }
}

let dummy: Promise<string> | undefined;
/** Verifies against a throwaway hash, so an unknown user costs the same time as a wrong password. */
export async function burnPasswordCheck(password: string): Promise<false> {
  dummy ??= hashPassword('atrium-timing-equaliser');
  await verifyPassword(await dummy, password);
  return false;
}
