import { type AgentCustomer, messages } from '@tibay/contract';
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditLog, users } from '../../db/schema/index.ts';
import { containsPattern } from '../../db/sql.ts';
import { HttpError } from '../../http/http-error.ts';
import { SESSION_HOURS, type SessionDevice } from '../../plugins/auth.ts';
import { fullName } from '../accounts/index.ts';

const LIST_LIMIT = 100;

/**
 * The stored phone number as its digits in the national form: `+63 917 123 4567` and `0917-123-4567` both become
 * `09171234567`, so a number is found however it was stored or typed.
 */
const storedPhoneDigits = sql`regexp_replace(regexp_replace(${users.phone}, '[^0-9]', '', 'g'), '^63', '0')`;

/** The search text as national-form digits when it looks like (part of) a phone number, else null. */
function phoneSearchDigits(text: string): string | null {
  if (!/^\+?[\d\s()-]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  if (digits.length < 3) return null;
  return text.startsWith('+') || /^639\d{9}$/.test(digits) ? digits.replace(/^63/, '0') : digits;
}

/** The agent's linked buyers, optionally filtered by name, email or phone number, by name. */
export async function linkedCustomers(app: FastifyInstance, agentId: number, q?: string): Promise<AgentCustomer[]> {
  const linked = and(eq(users.agentId, agentId), eq(users.role, 'buyer'));
  const text = q?.trim();
  const phoneDigits = text ? phoneSearchDigits(text) : null;
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
  const rows = await app.db
    .select()
    .from(users)
    .where(where)
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(LIST_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    name: fullName(row),
    email: row.email,
    phone: row.phone,
    address: row.address,
  }));
}

interface RequestFacts {
  method: string;
  path: string;
  ip: string;
}

/** The agent's own session, which an impersonation never outlives (decision 0017). */
interface AgentSession {
  id: number;
  sessionId: string;
  /** When the agent's own token expires (epoch seconds). */
  tokenExpiry: number;
}

/**
 * A token that names the customer as subject and the agent as actor (act.sub). It never outlives the agent's
 * own session. Refused (and recorded) for a customer not linked to this agent.
 */
export async function impersonate(
  app: FastifyInstance,
  { id: agentId, sessionId: agentSessionId, tokenExpiry: agentTokenExpiry }: AgentSession,
  customerId: number,
  facts: RequestFacts,
  device: SessionDevice,
) {
  const [customer] = await app.db
    .select({ id: users.id, role: users.role, sessionVersion: users.sessionVersion })
    .from(users)
    .where(and(eq(users.id, customerId), eq(users.agentId, agentId), eq(users.role, 'buyer')));
  if (!customer) {
    await app.db.insert(auditLog).values({
      actorUserId: agentId,
      action: 'impersonation_refused',
      ...facts,
      statusCode: 403,
      detail: { customerId },
    });
    throw new HttpError('FORBIDDEN', messages.notYourCustomer);
  }
  // A second of margin: signSession reads the clock again and rounds the expiry.
  const lifetime = Math.min(SESSION_HOURS * 3_600, Math.floor(agentTokenExpiry - Date.now() / 1000) - 1);
  if (lifetime <= 0) throw new HttpError('SESSION_EXPIRED', messages.sessionExpired);
  const [agent] = await app.db
    .select({ sessionVersion: users.sessionVersion })
    .from(users)
    .where(eq(users.id, agentId));
  if (!agent) throw new HttpError('SESSION_EXPIRED', messages.sessionExpired);
  const { token, expiresAt } = await app.signSession(
    {
      sub: String(customer.id),
      role: customer.role,
      sv: customer.sessionVersion,
      act: { sub: String(agentId), sv: agent.sessionVersion, sid: agentSessionId },
    },
    lifetime,
    device,
  );
  await app.db.insert(auditLog).values({
    actorUserId: agentId,
    onBehalfOfUserId: customer.id,
    action: 'impersonation_start',
    ...facts,
    statusCode: 200,
    detail: { expiresAt: expiresAt.toISOString() },
  });
  return { success: true as const, token, expiresAt: expiresAt.toISOString() };
}

/** The AGENT ACCOUNT button: ends the impersonation session at once and records that the agent stopped. */
export async function endImpersonation(
  app: FastifyInstance,
  agentId: number,
  customerId: number,
  impersonationSessionId: string,
  facts: RequestFacts,
) {
  await app.revokeSessions([impersonationSessionId]);
  await app.db.insert(auditLog).values({
    actorUserId: agentId,
    onBehalfOfUserId: customerId,
    action: 'impersonation_end',
    ...facts,
    statusCode: 200,
  });
  return { success: true as const, message: messages.impersonationEnded };
}
