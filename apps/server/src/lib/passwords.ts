import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id parameters (DESIGN.md section 2). The library's default algorithm is argon2id; its
// Algorithm enum is a const enum, which isolatedModules cannot import.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a failed login, not a server error.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check, so a login for an unknown email cannot be told apart by timing;
 * never matches.
 */
export async function verifyDummyPassword(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy password that never matches');
  await verifyPassword(await dummyHash, password);
  return false;
}

/**
 * The password_hash of an account without a password (a teacher not yet through their invitation). It is
 * no argon2 hash, so no password ever verifies against it.
 */
export const NO_PASSWORD = '!';
