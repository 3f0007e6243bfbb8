import type { AccountType, Customer } from '@tibay/contract';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import type { Db } from '../../db/client.ts';
import { creditApplications, users } from '../../db/schema/index.ts';
import type { Role, SessionDevice } from '../../plugins/auth.ts';

const accountTypes: Record<Role, AccountType> = { buyer: 'Buyer', agent: 'Agent', seller: 'Seller', admin: 'Admin' };

export function accountTypeOf(role: Role): AccountType {
  return accountTypes[role];
}

export function fullName(user: { firstName: string; lastName: string }): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

/** When the bearer token of an authenticated request expires (epoch seconds; it was verified by requireAuth). */
export function tokenExpiry(request: FastifyRequest): number {
  const token = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
  return (token ? decodeJwt(token).exp : undefined) ?? 0;
}

/** Seconds the bearer token of an authenticated request has left. */
export function remainingTokenSeconds(request: FastifyRequest): number {
  return Math.max(0, tokenExpiry(request) - Math.floor(Date.now() / 1000));
}

/** The BuildCredit application status (the spec's rpafDetail), or null when the user never applied. */
export async function rpafDetailOf(db: Db, userId: number) {
  const [row] = await db
    .select({ status: creditApplications.status })
    .from(creditApplications)
    .where(eq(creditApplications.customerId, userId));
  return row ? { status: row.status } : null;
}

/**
 * The customer-data view of a user. agent_code is the agent's own code for an agent, and the code of the
 * linked agent for a buyer (what checkout passes on).
 */
export async function customerOf(db: Db, userId: number): Promise<Customer | null> {
  const agent = alias(users, 'agent');
  const [row] = await db
    .select({ user: users, linkedAgentCode: agent.agentCode })
    .from(users)
    .leftJoin(agent, eq(agent.id, users.agentId))
    .where(eq(users.id, userId));
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

/** Signs a session for a user as a login does, and builds the login-response fields around it. */
export async function sessionFor(
  app: FastifyInstance,
  user: { id: number; role: Role; sessionVersion: number; firstName: string; lastName: string },
  lifetimeSeconds: number,
  device: SessionDevice,
) {
  const { token, expiresAt } = await app.signSession(
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
    rpafDetail: await rpafDetailOf(app.db, user.id),
  };
}
