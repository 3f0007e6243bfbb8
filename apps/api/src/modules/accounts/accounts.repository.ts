import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  creditApplications,
  creditLines,
  type emailTokenPurpose,
  emailTokens,
  mailOutbox,
  socialIdentities,
  type socialProvider,
  users,
} from '../../db/schema/index.ts';
import type { Conn } from '../../db/sql.ts';

/** The accounts module's SQL: users, one-time email tokens, the credit summary and the developer outbox. */

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type EmailTokenPurpose = (typeof emailTokenPurpose.enumValues)[number];
export type SocialProviderName = (typeof socialProvider.enumValues)[number];

export const normalizeEmail = (email: string) => email.trim().toLowerCase();
const byEmail = (email: string) => sql`lower(${users.email}) = ${normalizeEmail(email)}`;

export async function userByEmail(db: Conn, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(byEmail(email));
  return user;
}

export async function userById(db: Conn, userId: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user;
}

/** A new account, or undefined when the email is taken (two signups racing: the unique index lets one through). */
export async function insertUser(db: Conn, values: NewUser) {
  const [user] = await db
    .insert(users)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: users.id, email: users.email, firstName: users.firstName });
  return user;
}

export async function markEmailVerified(db: Conn, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/**
 * A new password hash; session_version rises so every older token ends. `provesEmail`: the change came through an
 * emailed link, which also proves the address.
 */
export async function setPassword(db: Conn, userId: number, passwordHash: string, provesEmail = false) {
  const [updated] = await db
    .update(users)
    .set({
      passwordHash,
      sessionVersion: sql`${users.sessionVersion} + 1`,
      ...(provesEmail ? { emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning({ sessionVersion: users.sessionVersion, role: users.role });
  return updated;
}

/** A user and the code of the agent they are linked to (the customer-data view). */
export async function userWithAgentCode(db: Conn, userId: number) {
  const agent = alias(users, 'agent');
  const [row] = await db
    .select({ user: users, linkedAgentCode: agent.agentCode })
    .from(users)
    .leftJoin(agent, eq(agent.id, users.agentId))
    .where(eq(users.id, userId));
  return row;
}

export async function nameOf(db: Conn, userId: number) {
  const [row] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The BuildCredit application's status, when the user ever applied. */
export async function creditApplicationStatusOf(db: Conn, userId: number) {
  const [row] = await db
    .select({ status: creditApplications.status })
    .from(creditApplications)
    .where(eq(creditApplications.customerId, userId));
  return row?.status ?? null;
}

/** The user's BuildCredit line (the first, when there were ever several). */
export async function buildCreditLineOf(db: Conn, userId: number) {
  const [line] = await db
    .select()
    .from(creditLines)
    .where(and(eq(creditLines.customerId, userId), eq(creditLines.kind, 'buildcredit')))
    .orderBy(creditLines.id)
    .limit(1);
  return line;
}

export async function insertEmailToken(
  db: Conn,
  values: { userId: number; purpose: EmailTokenPurpose; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(emailTokens).values(values);
}

/** Marks a token used if it is valid (right purpose, unused, not expired) and returns its user; null otherwise. */
export async function consumeEmailToken(
  db: Conn,
  tokenHash: string,
  purpose: EmailTokenPurpose,
): Promise<number | null> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailTokens.tokenHash, tokenHash),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: emailTokens.userId });
  return row?.userId ?? null;
}

/** Ends every unused token of one purpose for a user (a newer reset link replaces older ones). */
export async function revokeEmailTokens(db: Conn, userId: number, purpose: EmailTokenPurpose): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}

export function newestMails(db: Conn, limit: number) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit);
}

/** The account a provider identity is linked to. */
export async function userBySocialIdentity(db: Conn, provider: SocialProviderName, subject: string) {
  const [row] = await db
    .select({ user: users })
    .from(socialIdentities)
    .innerJoin(users, eq(users.id, socialIdentities.userId))
    .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, subject)));
  return row?.user;
}

/** Links a provider identity to an account; false when the identity is already linked (a racing second signup). */
export async function linkSocialIdentity(db: Conn, userId: number, provider: SocialProviderName, subject: string) {
  const linked = await db
    .insert(socialIdentities)
    .values({ userId, provider, subject })
    .onConflictDoNothing()
    .returning({ id: socialIdentities.id });
  return linked.length > 0;
}

/** The providers an account is linked to, with the provider's user id. */
export function socialIdentitiesOf(db: Conn, userId: number) {
  return db
    .select({ provider: socialIdentities.provider, subject: socialIdentities.subject })
    .from(socialIdentities)
    .where(eq(socialIdentities.userId, userId));
}

/** Removes an account's link to a provider; false when there was none. */
export async function unlinkSocialIdentity(db: Conn, userId: number, provider: SocialProviderName) {
  const removed = await db
    .delete(socialIdentities)
    .where(and(eq(socialIdentities.userId, userId), eq(socialIdentities.provider, provider)))
    .returning({ id: socialIdentities.id });
  return removed.length > 0;
}

/** Locks the account's row for the rest of the transaction (link and unlink of one account run one at a time). */
export async function lockUser(db: Conn, userId: number) {
  const [row] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}
