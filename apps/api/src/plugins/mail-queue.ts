import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';

/**
 * The outbox row is the delivery job (decision 0013). A sender first claims a mail with one UPDATE: it counts the
 * attempt and pushes the next try out by a lease, so another API process (or this one's retry job) leaves it alone
 * while the SMTP exchange runs. Then it records the outcome: sent, or the error with the next try after a back-off,
 * or — after the last try — failed, which the admin dashboard shows. A process that dies mid-send leaves a claim
 * whose lease runs out, and the mail is tried again.
 */

/** Waits after the 1st, 2nd, ... failed try: 1 min, 5 min, 30 min, 2 h, 8 h. Six tries in all over about 11 hours. */
export const mailRetryDelaysSeconds = [60, 300, 1_800, 7_200, 28_800] as const;
export const mailMaxAttempts = mailRetryDelaysSeconds.length + 1;
/** Longer than one SMTP exchange can take (the transport's own timeouts end it within about 2 minutes). */
export const mailClaimLeaseSeconds = 600;

export interface ClaimedMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attempts: number;
}

const claimed = {
  id: mailOutbox.id,
  to: mailOutbox.to,
  subject: mailOutbox.subject,
  text: mailOutbox.text,
  html: mailOutbox.html,
  attempts: mailOutbox.attempts,
};

const lease = (now: Date) => new Date(now.getTime() + mailClaimLeaseSeconds * 1000);

/** Claims a mail just written for its first try (null when it was already claimed or sent). */
export async function claimNewMail(db: Db, id: number, now = new Date()): Promise<ClaimedMail | null> {
  const [row] = await db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: lease(now) })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.attempts, 0), isNull(mailOutbox.sentAt)))
    .returning(claimed);
  return row ?? null;
}

/**
 * Claims up to `limit` mails whose next try is due. Rows another process is claiming are skipped (SKIP LOCKED), and
 * a row claimed meanwhile no longer matches when its lock is granted (its next try moved out), so each mail goes to
 * one sender.
 */
export async function claimDueMail(db: Db, now = new Date(), limit = 20): Promise<ClaimedMail[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        isNull(mailOutbox.sentAt),
        isNull(mailOutbox.failedAt),
        sql`${mailOutbox.nextAttemptAt} <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(mailOutbox.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: lease(now) })
    .where(
      and(
        sql`${mailOutbox.id} in ${due}`,
        isNull(mailOutbox.sentAt),
        isNull(mailOutbox.failedAt),
        sql`${mailOutbox.nextAttemptAt} <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning(claimed);
}

export async function recordSent(db: Db, id: number, now = new Date()): Promise<void> {
  await db.update(mailOutbox).set({ sentAt: now, lastError: null }).where(eq(mailOutbox.id, id));
}

/** A failed try: the next one after its back-off, or, after the last try, the mail is flagged failed. */
export async function recordFailure(db: Db, mail: ClaimedMail, error: string, now = new Date()): Promise<void> {
  const delay = mailRetryDelaysSeconds[mail.attempts - 1];
  await db
    .update(mailOutbox)
    .set(
      delay === undefined
        ? { lastError: error, failedAt: now }
        : { lastError: error, nextAttemptAt: new Date(now.getTime() + delay * 1000) },
    )
    .where(eq(mailOutbox.id, mail.id));
}

/** Mails whose last try failed: the admin dashboard's flag. */
export async function countUndelivered(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(mailOutbox).where(isNotNull(mailOutbox.failedAt));
  return row?.n ?? 0;
}

/** The newest 100 mails whose last try failed, for the administrators' Undelivered mail page. */
export async function listUndelivered(db: Db) {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(isNotNull(mailOutbox.failedAt))
    .orderBy(desc(mailOutbox.failedAt), desc(mailOutbox.id))
    .limit(100);
  return rows.map((row) => ({
    id: row.id,
    to: row.to,
    subject: row.subject,
    attempts: row.attempts,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    failed_at: row.failedAt!.toISOString(),
  }));
}

/** Sends an undelivered mail again (an administrator's choice): a fresh round of tries, starting now. */
export async function retryUndelivered(db: Db, id: number, now = new Date()): Promise<boolean> {
  const updated = await db
    .update(mailOutbox)
    .set({ failedAt: null, attempts: 0, nextAttemptAt: now })
    .where(and(eq(mailOutbox.id, id), isNotNull(mailOutbox.failedAt)))
    .returning({ id: mailOutbox.id });
  return updated.length > 0;
}
