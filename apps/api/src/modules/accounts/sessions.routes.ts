import {
  endSessionsResponse,
  type SignedInSession,
  sessionIdParams,
  sessionMessages,
  signedInSessionsResponse,
  successMessage,
} from '@tibay/contract';
import Bowser from 'bowser';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessions, users } from '../../db/schema/index.ts';
import { HttpError } from '../../http/http-error.ts';
import { ownSessionUser, sessionUser } from './accounts.routes.ts';

/** "Chrome 131" and "Windows 10 · desktop" from a User-Agent; plain words when it says nothing useful. */
export function describeDevice(userAgent: string | null): { browser: string; device: string } {
  if (!userAgent) return { browser: 'Unknown browser', device: 'Unknown device' };
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split('.')[0];
  const browser = parsed.browser.name ? [parsed.browser.name, major].filter(Boolean).join(' ') : 'Unknown browser';
  const os = [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ');
  const device = [os, parsed.platform.type].filter(Boolean).join(' · ') || 'Unknown device';
  return { browser, device };
}

/**
 * Logout and the user's own sessions (decision 0017). Logout revokes the token's session on the server, so a copied
 * token stops working on every API process within SESSION_CHECK_CACHE_MS. A user lists their live sessions (the
 * web ones: impersonations and the admin cookie are not listed), ends one, or ends all but this one.
 */
export async function sessionsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['accounts'];

  app.post(
    '/auth/logout',
    { schema: { tags, response: { 200: successMessage } }, preHandler: app.requireAuth() },
    async (request) => {
      const user = sessionUser(request);
      // An agent logging out while acting for a customer ends both: the web app clears both tokens.
      await app.revokeSessions([user.sessionId, ...(user.agentSessionId ? [user.agentSessionId] : [])]);
      return { success: true as const, message: sessionMessages.loggedOut };
    },
  );

  app.get(
    '/me/sessions',
    { schema: { tags, response: { 200: signedInSessionsResponse } }, preHandler: app.requireAuth() },
    async (request, reply) => {
      const user = ownSessionUser(request);
      reply.header('cache-control', 'no-store');
      const rows = await app.db
        .select({ session: sessions })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.userId, user.id),
            eq(sessions.kind, 'web'),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, sql`now()`),
          ),
        )
        .orderBy(desc(sessions.lastUsedAt));
      const items: SignedInSession[] = rows.map(({ session }) => ({
        id: session.id,
        current: session.id === user.sessionId,
        ...describeDevice(session.userAgent),
        ip: session.ip,
        createdAt: session.createdAt.toISOString(),
        lastUsedAt: session.lastUsedAt.toISOString(),
        expiresAt: session.expiresAt.toISOString(),
      }));
      // This device first, then the most recently used.
      items.sort((a, b) => Number(b.current) - Number(a.current));
      return { items };
    },
  );

  app.delete(
    '/me/sessions/:id',
    {
      schema: { tags, params: sessionIdParams, response: { 200: endSessionsResponse } },
      preHandler: app.requireAuth(),
    },
    async (request) => {
      const user = ownSessionUser(request);
      const [found] = await app.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.id, request.params.id), eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
      if (!found) throw new HttpError('NOT_FOUND', sessionMessages.sessionNotFound);
      await app.revokeSessions([found.id]);
      return { success: true as const, message: sessionMessages.sessionEnded, ended: 1 };
    },
  );

  app.post(
    '/me/sessions/end-others',
    { schema: { tags, response: { 200: endSessionsResponse } }, preHandler: app.requireAuth() },
    async (request) => {
      const user = ownSessionUser(request);
      // Every other session of this account, an agent's impersonation of it included.
      const others = await app.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.userId, user.id), ne(sessions.id, user.sessionId), isNull(sessions.revokedAt)));
      await app.revokeSessions(others.map((row) => row.id));
      return { success: true as const, message: sessionMessages.otherSessionsEnded, ended: others.length };
    },
  );
}
