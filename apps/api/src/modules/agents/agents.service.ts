import { type AgentCustomer, messages } from '@tibay/contract';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { SESSION_HOURS, type SessionDevice } from '../../plugins/auth.ts';
import { fullName } from '../accounts/index.ts';
import * as repo from './agents.repository.ts';

const LIST_LIMIT = 100;

/** The search text as national-form digits when it looks like (part of) a phone number, else null. */
function phoneSearchDigits(text: string): string | null {
  if (!/^\+?[\d\s()-]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  if (digits.length < 3) return null;
  return text.startsWith('+') || /^639\d{9}$/.test(digits) ? digits.replace(/^63/, '0') : digits;
}

/** The agent's linked buyers, optionally filtered by name, email or phone number, by name. */
export async function linkedCustomers(deps: Pick<Deps, 'db'>, agentId: number, q?: string): Promise<AgentCustomer[]> {
  const text = q?.trim();
  const phoneDigits = text ? phoneSearchDigits(text) : null;
  const rows = await repo.linkedBuyers(deps.db, agentId, { text, phoneDigits }, LIST_LIMIT);
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
  deps: Pick<Deps, 'db' | 'sessions'>,
  { id: agentId, sessionId: agentSessionId, tokenExpiry: agentTokenExpiry }: AgentSession,
  customerId: number,
  facts: RequestFacts,
  device: SessionDevice,
) {
  const customer = await repo.linkedBuyer(deps.db, agentId, customerId);
  if (!customer) {
    await repo.recordAudit(deps.db, {
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
  const agentSessionVersion = await repo.sessionVersionOf(deps.db, agentId);
  if (agentSessionVersion === null) throw new HttpError('SESSION_EXPIRED', messages.sessionExpired);
  const { token, expiresAt } = await deps.sessions.signSession(
    {
      sub: String(customer.id),
      role: customer.role,
      sv: customer.sessionVersion,
      act: { sub: String(agentId), sv: agentSessionVersion, sid: agentSessionId },
    },
    lifetime,
    device,
  );
  await repo.recordAudit(deps.db, {
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
  deps: Pick<Deps, 'db' | 'sessions'>,
  agentId: number,
  customerId: number,
  impersonationSessionId: string,
  facts: RequestFacts,
) {
  await deps.sessions.revokeSessions([impersonationSessionId]);
  await repo.recordAudit(deps.db, {
    actorUserId: agentId,
    onBehalfOfUserId: customerId,
    action: 'impersonation_end',
    ...facts,
    statusCode: 200,
  });
  return { success: true as const, message: messages.impersonationEnded };
}
