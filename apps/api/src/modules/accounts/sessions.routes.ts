import { endSessionsResponse, sessionIdParams, signedInSessionsResponse, successMessage } from '@tibay/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { depsOf } from '../../deps.ts';
import { ownSessionUser, sessionUser } from './session-user.ts';
import * as service from './sessions.service.ts';

/**
 * Logout and the user's own sessions (decision 0017). Logout revokes the token's session on the server, so a copied
 * token stops working on every API process within SESSION_CHECK_CACHE_MS. A user lists their live sessions (the
 * web ones: impersonations and the admin cookie are not listed), ends one, or ends all but this one.
 */
export async function sessionsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = depsOf(app);
  const tags = ['accounts'];

  app.post(
    '/auth/logout',
    { schema: { tags, response: { 200: successMessage } }, preHandler: app.requireAuth() },
    async (request) => service.logout(deps, sessionUser(request)),
  );

  app.get(
    '/me/sessions',
    { schema: { tags, response: { 200: signedInSessionsResponse } }, preHandler: app.requireAuth() },
    async (request, reply) => {
      const user = ownSessionUser(request);
      reply.header('cache-control', 'no-store');
      return service.listSessions(deps, user);
    },
  );

  app.delete(
    '/me/sessions/:id',
    {
      schema: { tags, params: sessionIdParams, response: { 200: endSessionsResponse } },
      preHandler: app.requireAuth(),
    },
    async (request) => service.endSession(deps, ownSessionUser(request), request.params.id),
  );

  app.post(
    '/me/sessions/end-others',
    { schema: { tags, response: { 200: endSessionsResponse } }, preHandler: app.requireAuth() },
    async (request) => service.endOtherSessions(deps, ownSessionUser(request)),
  );
}
