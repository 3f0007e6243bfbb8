import { randomBytes, webcrypto } from 'node:crypto';
import { messages } from '@tibay/contract';
import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import { preparedRows } from '../db/prepared.ts';
import { auditLog, sessions, type userRole } from '../db/schema/index.ts';
import { HttpError } from '../http/http-error.ts';

/** A user's role: the schema's user_role enum. */
export type Role = (typeof userRole.enumValues)[number];

/** Who is calling. While an agent acts for a customer, id/role are the customer's and actingAgentId is the agent. */
export interface SessionUser {
  id: number;
  role: Role;
  actingAgentId: number | null;
  /** The sessions row behind the token (its sid claim): what logout revokes. */
  sessionId: string;
  /** While an agent acts for a customer: the agent's own session. */
  agentSessionId: string | null;
}

/** What every signed-in request checks about the account and the session behind its token. */
interface SessionCheck {
  userId: number;
  role: Role;
  sessionVersion: number;
  agentId: number | null;
  /** The session exists for this user, is not revoked and has not expired. */
  live: boolean;
}

interface TokenClaims {
  sub: string;
  role: Role;
  /** users.session_version when the token was issued. */
  sv: number;
  /** The sessions row (decision 0017). */
  sid: string;
  /** RFC 8693 actor claim: the agent acting for the subject, with the agent's session_version and session. */
  act?: { sub: string; sv: number; sid: string };
}

/** The claims of a new session: its sid is made by signSession. */
export type NewSessionClaims = Omit<TokenClaims, 'sid'>;

/** Where a session was opened, shown in the list of sessions. */
export interface SessionDevice {
  userAgent: string | null;
  ip: string | null;
}

/** The device of a request: its User-Agent (bounded) and client address. */
export function deviceOf(request: FastifyRequest): SessionDevice {
  return { userAgent: request.headers['user-agent']?.slice(0, 512) ?? null, ip: request.ip };
}

/** A new session id: 128 random bits. */
export function newSessionId(): string {
  return randomBytes(16).toString('base64url');
}

const ISSUER = 'tibay';
const AUDIENCE = 'tibay-web';
const ALGORITHM = 'HS256';

export const SESSION_HOURS = 24;
export const REMEMBER_ME_DAYS = 30;

declare module 'fastify' {
  interface FastifyInstance {
    /** Opens a session (a sessions row) and signs its token. */
    signSession(
      claims: NewSessionClaims,
      lifetimeSeconds: number,
      device?: SessionDevice,
    ): Promise<{ token: string; expiresAt: Date; sessionId: string }>;
    /** Ends sessions now: every process refuses their tokens within SESSION_CHECK_CACHE_MS, this one at once. */
    revokeSessions(sessionIds: string[]): Promise<void>;
    /** preHandler: requires a valid session; with roles, also one of those roles. */
    requireAuth(roles?: Role[]): preHandlerAsyncHookHandler;
    /** Reads the session when one is sent; guests pass with request.user null. */
    optionalAuth: preHandlerAsyncHookHandler;
    /** After changing an account's role, session_version or linked agent: this process reads it afresh. */
    forgetAccountCheck(userId: number): void;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

/** The HS256 key for a secret, as a WebCrypto key jose can use directly. */
export function hmacKey(secret: string): Promise<webcrypto.CryptoKey> {
  const bytes = new TextEncoder().encode(secret);
  return webcrypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  // Imported once: given raw bytes, jose imports a WebCrypto key on every sign and verify.
  const key = await hmacKey(app.config.jwtSecret);

  app.decorate('signSession', async (claims: NewSessionClaims, lifetimeSeconds: number, device?: SessionDevice) => {
    // Whole seconds, as the token's claims hold them; issued and expiring from one reading of the clock, so the
    // lifetime is exact however long the insert below takes.
    const issuedAt = Math.floor(Date.now() / 1000);
    const expiresAt = new Date((issuedAt + lifetimeSeconds) * 1000);
    const sessionId = newSessionId();
    await app.db.insert(sessions).values({
      id: sessionId,
      userId: Number(claims.sub),
      kind: claims.act ? 'impersonation' : 'web',
      agentId: claims.act ? Number(claims.act.sub) : null,
      userAgent: device?.userAgent ?? null,
      ip: device?.ip ?? null,
      expiresAt,
    });
    const payload = { role: claims.role, sv: claims.sv, sid: sessionId, ...(claims.act ? { act: claims.act } : {}) };
    const token = await new SignJWT(payload)
      .setProtectedHeader({ alg: ALGORITHM })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + lifetimeSeconds)
      .sign(key);
    return { token, expiresAt, sessionId };
  });

  // Signed-in requests repeat the same token and the same session check many times a second (decision 0010):
  // a verified token is remembered until it expires, a session's check (account and session row, decision 0017)
  // for SESSION_CHECK_CACHE_MS.
  const verifiedTokens = new LRUCache<string, TokenClaims & { exp: number }>({ max: 20_000 });
  const checkTtl = app.config.SESSION_CHECK_CACHE_MS;
  const sessionChecks = new LRUCache<string, SessionCheck>({ max: 20_000, ttl: Math.max(1, checkTtl) });

  async function verifiedClaims(token: string): Promise<TokenClaims> {
    const known = verifiedTokens.get(token);
    if (known) {
      if (known.exp * 1000 <= Date.now()) throw new HttpError('SESSION_EXPIRED', messages.sessionExpired);
      return known;
    }
    try {
      const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: AUDIENCE, algorithms: [ALGORITHM] });
      const claims = payload as unknown as TokenClaims & { exp: number };
      verifiedTokens.set(token, claims, { ttl: Math.max(1, claims.exp * 1000 - Date.now()) });
      return claims;
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new HttpError('SESSION_EXPIRED', messages.sessionExpired);
      throw new HttpError('UNAUTHENTICATED', messages.unauthenticated);
    }
  }

  /**
   * The account and the session in one statement, which also refreshes the session's last use at most once a
   * minute: no round trip beyond the account check there always was (decision 0017).
   */
  async function sessionCheck(userId: number, sessionId: string): Promise<SessionCheck | null> {
    const known = checkTtl > 0 ? sessionChecks.get(sessionId) : undefined;
    if (known?.userId === userId) return known;
    const [row] = await preparedRows<{ role: Role; session_version: number; agent_id: number | null; live: boolean }>(
      app.db,
      sql`with touched as (
            update sessions set last_used_at = now()
            where id = ${sessionId} and user_id = ${userId} and last_used_at < now() - interval '1 minute')
          select u.role, u.session_version, u.agent_id,
                 coalesce(s.revoked_at is null and s.expires_at > now(), false) as live
          from users u left join sessions s on s.id = ${sessionId} and s.user_id = u.id
          where u.id = ${userId}`,
    );
    if (!row) return null;
    const check = {
      userId,
      role: row.role,
      sessionVersion: row.session_version,
      agentId: row.agent_id,
      live: row.live,
    };
    if (checkTtl > 0) sessionChecks.set(sessionId, check);
    return check;
  }

  async function readSession(request: FastifyRequest): Promise<SessionUser | null> {
    const header = request.headers.authorization;
    if (!header) return null;
    const match = /^Bearer (.+)$/i.exec(header);
    if (!match?.[1]) throw new HttpError('UNAUTHENTICATED', messages.unauthenticated);
    const claims = await verifiedClaims(match[1]);
    const id = Number(claims.sub);
    // Tokens from before sessions were recorded carry no sid: they end here, as after a logout.
    if (typeof claims.sid !== 'string') throw new HttpError('SESSION_EXPIRED', messages.sessionExpired);
    const row = await sessionCheck(id, claims.sid);
    // A password change raises session_version, a logout revokes the session: older tokens end here.
    if (!row?.live || row.sessionVersion !== claims.sv) throw new HttpError('SESSION_EXPIRED', messages.sessionExpired);
    if (!claims.act) return { id, role: row.role, actingAgentId: null, sessionId: claims.sid, agentSessionId: null };
    // An impersonation token lives only while the agent's own session does and the customer is still theirs.
    const agentId = Number(claims.act.sub);
    const agent = typeof claims.act.sid === 'string' ? await sessionCheck(agentId, claims.act.sid) : null;
    if (!agent?.live || agent.role !== 'agent' || agent.sessionVersion !== claims.act.sv || row.agentId !== agentId) {
      throw new HttpError('SESSION_EXPIRED', messages.sessionExpired);
    }
    return { id, role: row.role, actingAgentId: agentId, sessionId: claims.sid, agentSessionId: claims.act.sid };
  }

  app.decorate('forgetAccountCheck', (userId: number) => {
    const sessionIds = [...sessionChecks.entries()].filter(([, check]) => check.userId === userId).map(([id]) => id);
    for (const sessionId of sessionIds) sessionChecks.delete(sessionId);
  });

  app.decorate('revokeSessions', async (sessionIds: string[]) => {
    if (sessionIds.length === 0) return;
    await app.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(inArray(sessions.id, sessionIds), isNull(sessions.revokedAt)));
    for (const sessionId of sessionIds) sessionChecks.delete(sessionId);
  });

  app.decorateRequest('user', null);

  app.decorate('optionalAuth', async (request: FastifyRequest) => {
    request.user = await readSession(request);
  });

  app.decorate('requireAuth', (roles?: Role[]) => async (request: FastifyRequest) => {
    const user = await readSession(request);
    if (!user) throw new HttpError('UNAUTHENTICATED', messages.unauthenticated);
    if (roles && !roles.includes(user.role)) throw new HttpError('FORBIDDEN', messages.notAllowed);
    request.user = user;
  });

  // Every state-changing request made while an agent acts for a customer is recorded, before the reply leaves.
  app.addHook('onSend', async (request, reply, payload) => {
    const user = request.user;
    if (!user?.actingAgentId || ['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return payload;
    await app.db.insert(auditLog).values({
      actorUserId: user.actingAgentId,
      onBehalfOfUserId: user.id,
      action: 'request_as_customer',
      method: request.method,
      path: request.routeOptions.url ?? request.url.split('?')[0],
      statusCode: reply.statusCode,
      ip: request.ip,
    });
    return payload;
  });
});
