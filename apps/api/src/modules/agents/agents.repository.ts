import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import { auditLog, users } from '../../db/schema/index.ts';
import { type Conn, containsPattern } from '../../db/sql.ts';

/** The agents module's SQL: an agent's linked buyers and the audit log of acting for them. */

/**
 * The stored phone number as its digits in the national form: `+63 917 123 4567` and `0917-123-4567` both become
 * `09171234567`, so a number is found however it was stored or typed.
 */
const storedPhoneDigits = sql`regexp_replace(regexp_replace(${users.phone}, '[^0-9]', '', 'g'), '^63', '0')`;

/** The agent's linked buyers whose name or email contains `text`, or whose phone contains `phoneDigits`; by name. */
export function linkedBuyers(
  db: Conn,
  agentId: number,
  filter: { text?: string; phoneDigits?: string | null },
  limit: number,
) {
  const linked = and(eq(users.agentId, agentId), eq(users.role, 'buyer'));
  const { text, phoneDigits } = filter;
  const where = text
    ? and(
        linked,
        or(
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, containsPattern(text)),
          ilike(users.email, containsPattern(text)),
          phoneDigits ? sql`${storedPhoneDigits} like ${containsPattern(phoneDigits)}` : undefined,
        ),
      )
    : linked;
  return db
    .select()
    .from(users)
    .where(where)
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(limit);
}

/** The buyer when linked to this agent, or undefined. */
export async function linkedBuyer(db: Conn, agentId: number, customerId: number) {
  const [customer] = await db
    .select({ id: users.id, role: users.role, sessionVersion: users.sessionVersion })
    .from(users)
    .where(and(eq(users.id, customerId), eq(users.agentId, agentId), eq(users.role, 'buyer')));
  return customer;
}

export async function sessionVersionOf(db: Conn, userId: number): Promise<number | null> {
  const [row] = await db.select({ sessionVersion: users.sessionVersion }).from(users).where(eq(users.id, userId));
  return row?.sessionVersion ?? null;
}

export async function recordAudit(db: Conn, entry: typeof auditLog.$inferInsert): Promise<void> {
  await db.insert(auditLog).values(entry);
}
