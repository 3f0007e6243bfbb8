import { messages } from '@tibay/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { auditLog, users } from '../db/schema/index.ts';
import { HttpError } from '../lib/http-error.ts';

export type Role = 'buyer' | 'agent' | 'seller' | 'admin';

/** Who is calling. While an agent acts for a customer, id/role are the customer's and actingAgentId is the agent. */
export interface SessionUser {
  id: number;
  role: Role;
  actingAgentId: number | null;
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
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  const key = new TextEncoder().encode(app.config.jwtSecret);

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

  async function readSession(request: FastifyRequest): Promise<SessionUser | null> {
    const header = request.headers.authorization;
    if (!header) return null;
    const match = /^Bearer (.+)$/i.exec(header);
    if (!match?.[1]) throw new HttpError('UNAUTHENTICATED', messages.unauthenticated);
    let claims: TokenClaims;
    try {
      const { payload } = await jwtVerify(match[1], key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: [ALGORITHM],
      });
      claims = payload as unknown as TokenClaims;
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new HttpError('SESSION_EXPIRED', messages.sessionExpired);
      throw new HttpError('UNAUTHENTICATED', messages.unauthenticated);
    }
    const id = Number(claims.sub);
    const [row] = await app.db
      .select({ role: users.role, sessionVersion: users.sessionVersion, agentId: users.agentId })
      .from(users)
      .where(eq(users.id, id));
    // A password change raises session_version: older tokens end here.
    if (!row || row.sessionVersion !== claims.sv) throw new HttpError('SESSION_EXPIRED', messages.sessionExpired);
    if (!claims.act) return { id, role: row.role, actingAgentId: null };
    // An impersonation token lives only while the agent's own session does and the customer is still theirs.
    const agentId = Number(claims.act.sub);
    const [agent] = await app.db
      .select({ role: users.role, sessionVersion: users.sessionVersion })
      .from(users)
      .where(eq(users.id, agentId));
    if (agent?.role !== 'agent' || agent.sessionVersion !== claims.act.sv || row.agentId !== agentId) {
      throw new HttpError('SESSION_EXPIRED', messages.sessionExpired);
    }
    return { id, role: row.role, actingAgentId: agentId };
  }

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
