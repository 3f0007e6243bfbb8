import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { emailTokens } from '../../db/schema/index.ts';

export type EmailTokenPurpose = 'verify_email' | 'reset_password';

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
  db: Db | Tx,
  userId: number,
  purpose: EmailTokenPurpose,
  lifetimeHours: number,
): Promise<string> {
  const { token, hash } = newSecret();
  await db.insert(emailTokens).values({
    userId,
    purpose,
    tokenHash: hash,
    expiresAt: new Date(Date.now() + lifetimeHours * 3600_000),
  });
  return token;
}

/** Marks a token used if it is valid (right purpose, unused, not expired) and returns its user; null otherwise. */
export async function consumeEmailToken(
  db: Db | Tx,
  token: string,
  purpose: EmailTokenPurpose,
): Promise<number | null> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailTokens.tokenHash, sha256(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: emailTokens.userId });
  return row?.userId ?? null;
}

/** Ends every unused token of one purpose for a user (a newer reset link replaces older ones). */
export async function revokeEmailTokens(db: Db | Tx, userId: number, purpose: EmailTokenPurpose): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}
