import { ADMIN_CSRF_HEADER, ADMIN_CSRF_VALUE, ADMIN_SESSION_HOURS, adminMessages } from '@tibay/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { jwtVerify, SignJWT } from 'jose';
import { preparedRows } from '../db/prepared.ts';
import { sessions, type users } from '../db/schema/index.ts';
import { HttpError } from '../http/http-error.ts';
import { deviceOf, hmacKey, newSessionId } from './auth.ts';

/**
 * The admin session (spec 3 §3 "adminAuthToken and adminUserId held in cookies for 2 hours"; decision 0009).
 * The spec carries the admin token in the URL; here it is a signed JWT in an httpOnly, SameSite=Strict cookie
 * (Secure when PUBLIC_URL is https), so scripts, logs, history and Referer headers never see it.
 * Admin routes accept only this cookie — a bearer token of any role is not an admin session — and every
 * state-changing call must carry `x-requested-with: tibay-admin` and, when the browser sends one, a
 * same-origin Origin header (CSRF).
 */

const ISSUER = 'tibay';
const AUDIENCE = 'tibay-admin';
const ALGORITHM = 'HS256';
export const ADMIN_SESSION_SECONDS = ADMIN_SESSION_HOURS * 3600;

export interface AdminSessionInfo {
  userId: number;
  expiresAt: Date;
  /** The sessions row behind the cookie (decision 0017): what logout revokes. */
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Sets the admin session cookie for an administrator. */
    startAdminSession(
      request: FastifyRequest,
      reply: FastifyReply,
      user: { id: number; sessionVersion: number },
    ): Promise<Date>;
    /** Revokes the cookie's session on the server (every process at once: admin checks are not cached) and clears it. */
    endAdminSession(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** The valid admin session of the request's cookie, or null. */
    readAdminSession(request: FastifyRequest): Promise<AdminSessionInfo | null>;
    /** preHandler for admin routes: a valid admin cookie (else 401; a buyer's or seller's bearer token: 403) and CSRF. */
    requireAdmin: preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    admin: AdminSessionInfo | null;
  }
}

const SAFE_METHODS = ['GET', 'HEAD', 'OPTIONS'];

type User = typeof users.$inferSelect;
/** What every admin request checks: the account's role and session version, and whether the session is live. */
type AdminCheckRow = { role: User['role']; session_version: User['sessionVersion']; live: boolean };

export const adminSessionPlugin = fp(
  async (app: FastifyInstance) => {
    const key = await hmacKey(`${app.config.jwtSecret}:admin-session`);
    const secure = app.config.publicUrl.startsWith('https:');
    // __Host- pins the cookie to this host and path / (browsers accept the prefix only on Secure cookies).
    const cookieName = secure ? '__Host-tibay_admin' : 'tibay_admin';
    const cookieOptions = { path: '/', httpOnly: true, sameSite: 'strict' as const, secure };

    app.decorate(
      'startAdminSession',
      async (request: FastifyRequest, reply: FastifyReply, user: { id: number; sessionVersion: number }) => {
        const expiresAt = new Date(Math.floor(Date.now() / 1000 + ADMIN_SESSION_SECONDS) * 1000);
        const sessionId = newSessionId();
        const device = deviceOf(request);
        await app.db.insert(sessions).values({ id: sessionId, userId: user.id, kind: 'admin', expiresAt, ...device });
        const token = await new SignJWT({ role: 'admin', sv: user.sessionVersion, sid: sessionId })
          .setProtectedHeader({ alg: ALGORITHM })
          .setSubject(String(user.id))
          .setIssuer(ISSUER)
          .setAudience(AUDIENCE)
          .setIssuedAt()
          .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
          .sign(key);
        reply.setCookie(cookieName, token, { ...cookieOptions, maxAge: ADMIN_SESSION_SECONDS });
        return expiresAt;
      },
    );

    app.decorate('endAdminSession', async (request: FastifyRequest, reply: FastifyReply) => {
      const session = await app.readAdminSession(request);
      if (session) await app.revokeSessions([session.sessionId]);
      reply.clearCookie(cookieName, cookieOptions);
    });

    app.decorate('readAdminSession', async (request: FastifyRequest): Promise<AdminSessionInfo | null> => {
      const token = request.cookies[cookieName];
      if (!token) return null;
      let claims: { sub?: string; sv?: number; exp?: number; role?: string; sid?: string };
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: [ALGORITHM],
        });
        claims = payload as typeof claims;
      } catch {
        return null;
      }
      const userId = Number(claims.sub);
      const sessionId = claims.sid;
      if (!Number.isInteger(userId) || claims.role !== 'admin' || typeof sessionId !== 'string') return null;
      const [row] = await preparedRows<AdminCheckRow>(
        app.db,
        sql`select u.role, u.session_version, coalesce(s.revoked_at is null and s.expires_at > now(), false) as live
            from users u left join sessions s on s.id = ${sessionId} and s.user_id = u.id and s.kind = 'admin'
            where u.id = ${userId}`,
      );
      // A password change (session_version), a lost admin role or a logout (the revoked session) ends it.
      if (row?.role !== 'admin' || row.session_version !== claims.sv || !row.live) return null;
      return { userId, expiresAt: new Date((claims.exp ?? 0) * 1000), sessionId };
    });

    app.decorateRequest('admin', null);

    const publicOrigin = new URL(app.config.publicUrl).origin;

    app.decorate('requireAdmin', async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const session = await app.readAdminSession(request);
      if (!session) {
        // A signed-in buyer, seller or agent is refused outright; anyone else must log in as an admin.
        if (request.headers.authorization) {
          const role = await app.optionalAuth
            .call(this, request, reply)
            .then(() => request.user?.role ?? null)
            .catch(() => null);
          request.user = null;
          if (role && role !== 'admin') throw new HttpError('FORBIDDEN', adminMessages.notAuthorized);
        }
        throw new HttpError('UNAUTHENTICATED', adminMessages.notAuthorized);
      }
      if (!SAFE_METHODS.includes(request.method)) assertSameOrigin(request, publicOrigin);
      request.admin = session;
      request.user = {
        id: session.userId,
        role: 'admin',
        actingAgentId: null,
        sessionId: session.sessionId,
        agentSessionId: null,
      };
    });
  },
  { name: 'admin-session', dependencies: ['@fastify/cookie'] },
);

/** CSRF: a custom header (not settable by a cross-site form or image) and, when sent, a same-origin Origin. */
export function assertSameOrigin(request: FastifyRequest, publicOrigin: string) {
  if (request.headers[ADMIN_CSRF_HEADER] !== ADMIN_CSRF_VALUE) {
    throw new HttpError('FORBIDDEN', adminMessages.csrfMissing);
  }
  const origin = request.headers.origin;
  if (origin === undefined) return;
  let sent: URL;
  try {
    sent = new URL(origin);
  } catch {
    throw new HttpError('FORBIDDEN', adminMessages.csrfMissing);
  }
  // The browser's Origin must be this site: the host it called, or the configured public address.
  let own: string | null = null;
  try {
    own = new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    own = null;
  }
  if (sent.origin !== own && sent.origin !== publicOrigin) {
    throw new HttpError('FORBIDDEN', adminMessages.csrfMissing);
  }
}
