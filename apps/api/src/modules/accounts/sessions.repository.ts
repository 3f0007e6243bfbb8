import { and, desc, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { loginQrCodes, sessions } from '../../db/schema/index.ts';
import type { Conn } from '../../db/sql.ts';

/** The SQL of signed-in sessions (decision 0017) and of QR login codes. */

/** The user's live web sessions (impersonations and the admin cookie are not listed), most recently used first. */
export function liveWebSessions(db: Conn, userId: number) {
  return db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        eq(sessions.kind, 'web'),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(sessions.lastUsedAt));
}

/** One of the user's sessions that has not been ended, or undefined. */
export async function openSessionOf(db: Conn, userId: number, sessionId: string) {
  const [found] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  return found;
}

/** Every other session of the user that has not been ended, an agent's impersonation of them included. */
export async function otherOpenSessionIds(db: Conn, userId: number, exceptSessionId: string): Promise<string[]> {
  const others = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId), isNull(sessions.revokedAt)));
  return others.map((row) => row.id);
}

export async function insertQrCode(
  db: Conn,
  values: { tokenHash: string; expiresAt: Date; userAgent: string | null; ip: string | null },
): Promise<void> {
  await db.insert(loginQrCodes).values(values);
}

export async function qrCodeByHash(db: Conn, tokenHash: string) {
  const [code] = await db.select().from(loginQrCodes).where(eq(loginQrCodes.tokenHash, tokenHash));
  return code;
}

/** Marks an approved code consumed; only the one caller that flips consumed_at gets the approver's id. */
export async function claimApprovedQr(db: Conn, codeId: number): Promise<number | null> {
  const [claimed] = await db
    .update(loginQrCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(loginQrCodes.id, codeId), isNull(loginQrCodes.consumedAt), isNotNull(loginQrCodes.approvedByUserId)))
    .returning({ userId: loginQrCodes.approvedByUserId });
  return claimed?.userId ?? null;
}

/** Approves a code that is neither approved nor expired; false when there is no such code. */
export async function approveQrCode(db: Conn, tokenHash: string, userId: number): Promise<boolean> {
  const [approved] = await db
    .update(loginQrCodes)
    .set({ approvedByUserId: userId, approvedAt: new Date() })
    .where(
      and(
        eq(loginQrCodes.tokenHash, tokenHash),
        isNull(loginQrCodes.approvedAt),
        isNull(loginQrCodes.deniedAt),
        gt(loginQrCodes.expiresAt, new Date()),
      ),
    )
    .returning({ id: loginQrCodes.id });
  return Boolean(approved);
}

/** Denies a code that is neither approved, denied nor expired; false when there is no such code. */
export async function denyQrCode(db: Conn, tokenHash: string): Promise<boolean> {
  const [denied] = await db
    .update(loginQrCodes)
    .set({ deniedAt: new Date() })
    .where(
      and(
        eq(loginQrCodes.tokenHash, tokenHash),
        isNull(loginQrCodes.approvedAt),
        isNull(loginQrCodes.deniedAt),
        gt(loginQrCodes.expiresAt, new Date()),
      ),
    )
    .returning({ id: loginQrCodes.id });
  return Boolean(denied);
}

/** Deletes sessions that expired before `before` (their tokens are refused by their own expiry already). */
export async function deleteExpiredSessions(db: Conn, before: Date): Promise<number> {
  const removed = await db
    .delete(sessions)
    .where(sql`${sessions.expiresAt} < ${before.toISOString()}::timestamptz`)
    .returning({ id: sessions.id });
  return removed.length;
}
