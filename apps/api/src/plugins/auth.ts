import { webcrypto } from 'node:crypto';
import { messages } from '@tibay/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import { preparedRows } from '../db/prepared.ts';
import { auditLog } from '../db/schema/index.ts';
import { HttpError } from '../lib/http-error.ts';

export type Role = 'buyer' | 'agent' | 'seller' | 'admin';

/** Who is calling. While an agent acts for a customer, id/role are the customer's and actingAgentId is the agent. */
export interface SessionUser {
  id: number;
  role: Role;
  actingAgentId: number | null;
}

/** What every signed-in request checks about the account behind its token. */
interface AccountCheck {
  role: Role;
  sessionVersion: number;
  agentId: number | null;
}

interface TokenClaims {
  sub: string;
  role: Role;
  /** users.session_version when the token was issued. */
  sv: number;
  /** RFC 8693 actor claim: the agent acting for the subject, with the agent's session_version. */
  act?: { sub: string; sv: number };
}

const ISSUER = 'tibay';
const AUDIENCE = 'tibay-web';
const ALGORITHM = 'HS256';

export const SESSION_HOURS = 24;
export const REMEMBER_ME_DAYS = 30;

declare module 'fastify' {
  interface FastifyInstance {
    signSession(claims: TokenClaims, lifetimeSeconds: number): Promise<{ token: string; expiresAt: Date }>;
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

  app.decorate('signSession', async (claims: TokenClaims, lifetimeSeconds: number) => {
    // Whole seconds, as the token's exp claim holds them.
    const expiresAt = new Date(Math.floor(Date.now() / 1000 + lifetimeSeconds) * 1000);
    const token = await new SignJWT({ role: claims.role, sv: claims.sv, ...(claims.act ? { act: claims.act } : {}) })
      .setProtectedHeader({ alg: ALGORITHM })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(key);
    return { token, expiresAt };
  });

  // Signed-in requests repeat the same token and the same account check many times a second (decision 0010):
  // a verified token is remembered until it expires, an account's check for SESSION_CHECK_CACHE_MS.
  const verifiedTokens = new LRUCache<string, TokenClaims & { exp: number }>({ max: 20_000 });
  const checkTtl = app.config.SESSION_CHECK_CACHE_MS;
  const accountChecks = new LRUCache<number, AccountCheck>({ max: 20_000, ttl: Math.max(1, checkTtl) });

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

  async function accountCheck(id: number): Promise<AccountCheck | null> {
    const known = checkTtl > 0 ? accountChecks.get(id) : undefined;
    if (known) return known;
    const [row] = await preparedRows<{ role: Role; session_version: number; agent_id: number | null }>(
      app.db,
      sql`select role, session_version, agent_id from users where id = ${id}`,
    );
    if (!row) return null;
    const check = { role: row.role, sessionVersion: row.session_version, agentId: row.agent_id };
    if (checkTtl > 0) accountChecks.set(id, check);
    return check;
  }

  async function readSession(request: FastifyRequest): Promise<SessionUser | null> {
    const header = request.headers.authorization;
    if (!header) return null;
    const match = /^Bearer (.+)$/i.exec(header);
    if (!match?.[1]) throw new HttpError('UNAUTHENTICATED', messages.unauthenticated);
    const claims = await verifiedClaims(match[1]);
    const id = Number(claims.sub);
    const row = await accountCheck(id);
    // A password change raises session_version: older tokens end here.
    if (!row || row.sessionVersion !== claims.sv) throw new HttpError('SESSION_EXPIRED', messages.sessionExpired);
    if (!claims.act) return { id, role: row.role, actingAgentId: null };
    // An impersonation token lives only while the agent's own session does and the customer is still theirs.
    const agentId = Number(claims.act.sub);
    const agent = await accountCheck(agentId);
    if (agent?.role !== 'agent' || agent.sessionVersion !== claims.act.sv || row.agentId !== agentId) {
      throw new HttpError('SESSION_EXPIRED', messages.sessionExpired);
    }
    return { id, role: row.role, actingAgentId: agentId };
  }

  app.decorate('forgetAccountCheck', (userId: number) => {
    accountChecks.delete(userId);
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
