import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { auditLog, users } from '../../db/schema/index.ts';
import { type Conn, containsPattern } from '../../db/sql.ts';

/** The profile module's SQL: the profile (a user and their linked agent), the address, the agent selector. */

export type UserRow = typeof users.$inferSelect;
export type UserChanges = Partial<typeof users.$inferInsert>;

/** A user and the agent they are linked to (id, name and code), or undefined. */
export async function userWithAgent(db: Conn, userId: number) {
  const agent = alias(users, 'agent');
  const [row] = await db
    .select({
      user: users,
      agentId: agent.id,
      agentFirst: agent.firstName,
      agentLast: agent.lastName,
      agentCode: agent.agentCode,
    })
    .from(users)
    .leftJoin(agent, eq(agent.id, users.agentId))
    .where(eq(users.id, userId));
  return row;
}

export async function userById(db: Conn, userId: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user;
}

/** Changes a user's row; false when there is no such user. `raiseSessionVersion` ends their other sessions. */
export async function updateUser(
  db: Conn,
  userId: number,
  changes: UserChanges,
  raiseSessionVersion = false,
): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({
      ...changes,
      ...(raiseSessionVersion ? { sessionVersion: sql`${users.sessionVersion} + 1` } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return updated.length > 0;
}

/** Agents whose name contains q (all agents when q is empty), by name. */
export function agentsByName(db: Conn, q: string, limit: number) {
  const pattern = containsPattern(q);
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(
      and(
        eq(users.role, 'agent'),
        q
          ? or(
              ilike(users.firstName, pattern),
              ilike(users.lastName, pattern),
              ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
            )
          : undefined,
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(limit);
}

export async function isAgent(db: Conn, userId: number): Promise<boolean> {
  const [agent] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, 'agent')));
  return Boolean(agent);
}

export async function agentCodeTaken(db: Conn, code: string): Promise<boolean> {
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.agentCode, code));
  return Boolean(taken);
}

/** How many buyers are linked to this agent. */
export async function linkedCustomerCount(db: Conn, agentId: number): Promise<number> {
  const [linked] = await db.select({ n: count() }).from(users).where(eq(users.agentId, agentId));
  return linked?.n ?? 0;
}

/** An administrator marks a profile VERIFIED, and the audit log records who did it, in one transaction. */
export async function markProfileVerified(
  db: Conn,
  userId: number,
  audit: { actorUserId: number; method: string; path: string; ip: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const verified = await tx
      .update(users)
      .set({ profileVerifiedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(users.id, userId), inArray(users.role, ['buyer', 'agent'])))
      .returning({ id: users.id });
    if (!verified.length) return false;
    await tx.insert(auditLog).values({ ...audit, action: 'profile_verified', statusCode: 200, detail: { userId } });
    return true;
  });
}

/**
 * The admin review queue: buyers and agents with a face capture, signature or BIR 2303 on record, by status
 * (pending: not yet verified), name or email; pending first, then the newest update first.
 */
export async function profilesToReview(
  db: Conn,
  filter: { status: 'pending' | 'verified' | 'all'; q: string; limit: number; offset: number },
) {
  const pattern = containsPattern(filter.q);
  const conditions: (SQL | undefined)[] = [
    inArray(users.role, ['buyer', 'agent']),
    or(isNotNull(users.facialVerificationUrl), isNotNull(users.signatureUrl), isNotNull(users.bir2303Url)),
    filter.status === 'pending' ? isNull(users.profileVerifiedAt) : undefined,
    filter.status === 'verified' ? isNotNull(users.profileVerifiedAt) : undefined,
    filter.q
      ? or(
          ilike(users.email, pattern),
          ilike(users.firstName, pattern),
          ilike(users.lastName, pattern),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
        )
      : undefined,
  ];
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        role: users.role,
        profileVerifiedAt: users.profileVerifiedAt,
        updatedAt: users.updatedAt,
      })
      .from(users)
      .where(where)
      .orderBy(sql`${users.profileVerifiedAt} is not null`, desc(users.updatedAt), desc(users.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, totalCount: total?.n ?? 0 };
}
