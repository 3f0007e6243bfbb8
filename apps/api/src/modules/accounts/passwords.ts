import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 declares Algorithm as a const enum, which isolated modules cannot import: 2 is Argon2id.
const ARGON2ID = 2;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

let dummyHash: Promise<string> | null = null;

/**
 * Checks a password against a stored hash. With no hash (no such account) it still spends the same work on a
 * dummy hash, so a wrong email and a wrong password take about as long and give the same answer.
 */
export async function passwordMatches(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('tibay-dummy-password-1!');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/**
 * The stored hash of an account registered through Google or Facebook that never set a password: no password
 * matches it (it is not an argon2 hash). Forgot password or a reset sets a real one (decision 0031).
 */
export const NO_PASSWORD_HASH = '!no-password';

export function hasPassword(storedHash: string): boolean {
  return storedHash !== NO_PASSWORD_HASH;
}
