import { createHash, randomBytes } from 'node:crypto';
import type { Conn } from '../../db/sql.ts';
import { type EmailTokenPurpose, insertEmailToken } from './accounts.repository.ts';

export const VERIFY_EMAIL_HOURS = 24;
export const RESET_PASSWORD_HOURS = 1;

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A random 32-byte secret for a link or a QR code, and the hash we keep of it. */
export function newSecret(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: sha256(token) };
}

/** Stores a one-time link token (its hash only) and returns the token to put in the mail. */
export async function issueEmailToken(
  db: Conn,
  userId: number,
  purpose: EmailTokenPurpose,
  lifetimeHours: number,
): Promise<string> {
  const { token, hash } = newSecret();
  await insertEmailToken(db, {
    userId,
    purpose,
    tokenHash: hash,
    expiresAt: new Date(Date.now() + lifetimeHours * 3600_000),
  });
  return token;
}
