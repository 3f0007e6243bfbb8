import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mailOutbox, users } from '../db/schema/index.ts';
import { hashPassword } from '../modules/accounts/passwords.ts';
import type { Role } from '../plugins/auth.ts';

/** Small helpers to set up test data directly in the database (fast: no HTTP, no rate limits). */

export const DEFAULT_PASSWORD = 'Secret#123';
let defaultHash: Promise<string> | null = null;
let counter = 0;

export interface CreateUserOptions {
  role?: Role;
  /** Email verified (default true). */
  verified?: boolean;
  /** Link a buyer to this agent (users.agent_id). */
  agentId?: number;
  /** An agent's own code (defaults to a unique one for agents). */
  agentCode?: string;
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  phone?: string | null;
  address?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  isCompletedProfile?: boolean;
}

export type TestUser = typeof users.$inferSelect & { password: string };

export async function createUser(app: FastifyInstance, options: CreateUserOptions = {}): Promise<TestUser> {
  counter += 1;
  const unique = `${counter}-${randomBytes(3).toString('hex')}`;
  const role = options.role ?? 'buyer';
  const password = options.password ?? DEFAULT_PASSWORD;
  let passwordHash: string;
  if (password === DEFAULT_PASSWORD) {
    defaultHash ??= hashPassword(DEFAULT_PASSWORD);
    passwordHash = await defaultHash;
  } else {
    passwordHash = await hashPassword(password);
  }
  const [row] = await app.db
    .insert(users)
    .values({
      email: (options.email ?? `${role}-${unique}@example.test`).toLowerCase(),
      passwordHash,
      firstName: options.firstName ?? 'Test',
      lastName: options.lastName ?? `${role[0]!.toUpperCase()}${role.slice(1)} ${counter}`,
      phone: options.phone === undefined ? '09171234567' : options.phone,
      role,
      agentCode: options.agentCode ?? (role === 'agent' ? `AG-${unique.toUpperCase()}` : null),
      agentId: options.agentId ?? null,
      address: options.address ?? null,
      latitude: options.latitude ?? null,
      longitude: options.longitude ?? null,
      isCompletedProfile: options.isCompletedProfile ?? false,
      emailVerifiedAt: options.verified === false ? null : new Date(),
    })
    .returning();
  return { ...row!, password };
}

/**
 * A session token for a user, as login would issue (current role and session version).
 * actingAgentId makes an impersonation token (subject the customer, actor the agent).
 */
export async function tokenFor(
  app: FastifyInstance,
  user: { id: number },
  options: { lifetimeSeconds?: number; actingAgentId?: number } = {},
): Promise<string> {
  const [row] = await app.db
    .select({ role: users.role, sessionVersion: users.sessionVersion })
    .from(users)
    .where(eq(users.id, user.id));
  if (!row) throw new Error(`tokenFor: no user ${user.id}`);
  const act = options.actingAgentId ? await actorClaim(app, options.actingAgentId) : undefined;
  const { token } = await app.signSession(
    {
      sub: String(user.id),
      role: row.role,
      sv: row.sessionVersion,
      ...(act ? { act } : {}),
    },
    options.lifetimeSeconds ?? 3600,
  );
  return token;
}

/** Headers for app.inject with a bearer token. */
export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/** Creates a user and returns it with a token and the auth headers. */
export async function signedIn(app: FastifyInstance, options: CreateUserOptions = {}) {
  const user = await createUser(app, options);
  const token = await tokenFor(app, user);
  return { user, token, headers: bearer(token) };
}

/** Mails sent to an address, newest first (straight from the outbox table). */
export async function mailsTo(app: FastifyInstance, to: string) {
  return app.db.select().from(mailOutbox).where(eq(mailOutbox.to, to.toLowerCase())).orderBy(desc(mailOutbox.id));
}

/** The token of the first link to `path` (e.g. '/verify-email') in a mail's text. */
export function linkToken(text: string, path: string): string {
  const match = new RegExp(`${path.replace(/[/-]/g, '\\$&')}\\?token=([A-Za-z0-9_%-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${path} link in mail`);
  return decodeURIComponent(match[1]);
}

/** For beforeAll around createTestApp: PGlite's migrations can take minutes on a busy machine. */
export const APP_START_TIMEOUT = 600_000;

/** The act claim of an impersonation token: the agent, its current session_version and a new session of its own. */
export async function actorClaim(
  app: FastifyInstance,
  agentId: number,
): Promise<{ sub: string; sv: number; sid: string }> {
  const [agent] = await app.db
    .select({ sv: users.sessionVersion, role: users.role })
    .from(users)
    .where(eq(users.id, agentId));
  if (!agent) throw new Error(`actorClaim: no user ${agentId}`);
  const { sessionId } = await app.signSession({ sub: String(agentId), role: agent.role, sv: agent.sv }, 3600);
  return { sub: String(agentId), sv: agent.sv, sid: sessionId };
}
