import { type Customer, messages, type SignedInSession, sessionMessages } from '@tibay/contract';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import type { Role, SessionDevice, SessionUser } from '../../plugins/auth.ts';
import { creditApplicationStatusOf, nameOf, userWithAgentCode } from './accounts.repository.ts';
import { deleteExpiredSessions, liveWebSessions, openSessionOf, otherOpenSessionIds } from './sessions.repository.ts';
import { accountTypeOf, describeDevice, fullName } from './sessions.ts';

/** The BuildCredit application status (the spec's rpafDetail), or null when the user never applied. */
export async function rpafDetailOf(deps: Pick<Deps, 'db'>, userId: number) {
  const status = await creditApplicationStatusOf(deps.db, userId);
  return status ? { status } : null;
}

/**
 * The customer-data view of a user. agent_code is the agent's own code for an agent, and the code of the
 * linked agent for a buyer (what checkout passes on).
 */
export async function customerOf(deps: Pick<Deps, 'db'>, userId: number): Promise<Customer | null> {
  const row = await userWithAgentCode(deps.db, userId);
  if (!row) return null;
  const { user } = row;
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    phone: user.phone,
    address: user.address,
    latitude: user.latitude,
    longitude: user.longitude,
    account_type: accountTypeOf(user.role),
    agent_code: user.role === 'agent' ? user.agentCode : row.linkedAgentCode,
    is_completed_profile: user.isCompletedProfile,
  };
}

/** GET /me: who is signed in, the agent acting for them, and their BuildCredit application. */
export async function sessionInfo(deps: Pick<Deps, 'db'>, session: SessionUser) {
  const [user, rpafDetail, agent] = await Promise.all([
    customerOf(deps, session.id),
    rpafDetailOf(deps, session.id),
    session.actingAgentId ? nameOf(deps.db, session.actingAgentId) : undefined,
  ]);
  if (!user) throw new HttpError('SESSION_EXPIRED', messages.sessionExpired);
  return { user, actingAgent: agent ? { id: agent.id, name: fullName(agent) } : null, rpafDetail };
}

/** Signs a session for a user as a login does, and builds the login-response fields around it. */
export async function sessionFor(
  deps: Pick<Deps, 'db' | 'sessions'>,
  user: { id: number; role: Role; sessionVersion: number; firstName: string; lastName: string },
  lifetimeSeconds: number,
  device: SessionDevice,
) {
  const { token, expiresAt } = await deps.sessions.signSession(
    { sub: String(user.id), role: user.role, sv: user.sessionVersion },
    lifetimeSeconds,
    device,
  );
  return {
    token,
    expiresAt: expiresAt.toISOString(),
    id: user.id,
    name: fullName(user),
    account_type: accountTypeOf(user.role),
    rpafDetail: await rpafDetailOf(deps, user.id),
  };
}

/** Logout. An agent logging out while acting for a customer ends both: the web app clears both tokens. */
export async function logout(deps: Pick<Deps, 'sessions'>, user: SessionUser) {
  await deps.sessions.revokeSessions([user.sessionId, ...(user.agentSessionId ? [user.agentSessionId] : [])]);
  return { success: true as const, message: sessionMessages.loggedOut };
}

/** The user's live sessions: this device first, then the most recently used. */
export async function listSessions(deps: Pick<Deps, 'db'>, user: SessionUser) {
  const rows = await liveWebSessions(deps.db, user.id);
  const items: SignedInSession[] = rows.map((session) => ({
    id: session.id,
    current: session.id === user.sessionId,
    ...describeDevice(session.userAgent),
    ip: session.ip,
    createdAt: session.createdAt.toISOString(),
    lastUsedAt: session.lastUsedAt.toISOString(),
    expiresAt: session.expiresAt.toISOString(),
  }));
  items.sort((a, b) => Number(b.current) - Number(a.current));
  return { items };
}

export async function endSession(deps: Pick<Deps, 'db' | 'sessions'>, user: SessionUser, sessionId: string) {
  const found = await openSessionOf(deps.db, user.id, sessionId);
  if (!found) throw new HttpError('NOT_FOUND', sessionMessages.sessionNotFound);
  await deps.sessions.revokeSessions([found.id]);
  return { success: true as const, message: sessionMessages.sessionEnded, ended: 1 };
}

export async function endOtherSessions(deps: Pick<Deps, 'db' | 'sessions'>, user: SessionUser) {
  const others = await otherOpenSessionIds(deps.db, user.id, user.sessionId);
  await deps.sessions.revokeSessions(others);
  return { success: true as const, message: sessionMessages.otherSessionsEnded, ended: others.length };
}

/** Expired sessions are kept this long (for the sessions list and support questions), then deleted. */
export const EXPIRED_SESSION_KEEP_MS = 24 * 3_600_000;

/** The sessions sweep: deletes sessions that expired more than a day ago; returns how many. */
export function sweepExpiredSessions(deps: Pick<Deps, 'db'>, now = new Date()): Promise<number> {
  return deleteExpiredSessions(deps.db, new Date(now.getTime() - EXPIRED_SESSION_KEEP_MS));
}
