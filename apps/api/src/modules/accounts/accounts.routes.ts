import {
  buildCreditSummary,
  changePasswordRequest,
  changePasswordResponse,
  customer,
  forgotPasswordRequest,
  loginRequest,
  loginResponse,
  messages,
  registerRequest,
  resendVerificationRequest,
  resetPasswordRequest,
  sessionInfo,
  successMessage,
  verifyEmailRequest,
} from '@tibay/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../../db/schema/index.ts';
import { HttpError } from '../../http/http-error.ts';
import { deviceOf, type SessionUser } from '../../plugins/auth.ts';
import * as service from './accounts.service.ts';
import { authRateLimit } from './rate-limits.ts';
import { customerOf, fullName, remainingTokenSeconds, rpafDetailOf } from './sessions.ts';

/** The signed-in user (after requireAuth). */
export function sessionUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new HttpError('UNAUTHENTICATED', messages.unauthenticated);
  return request.user;
}

/** Account changes belong to the account holder, not to an agent acting for them. */
export function ownSessionUser(request: FastifyRequest): SessionUser {
  const user = sessionUser(request);
  if (user.actingAgentId) throw new HttpError('FORBIDDEN', messages.notAllowed);
  return user;
}

export async function accountsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['accounts'];

  app.post(
    '/auth/register',
    {
      schema: { tags, body: registerRequest, response: { 201: successMessage } },
      preHandler: authRateLimit(app, 'register'),
    },
    async (request, reply) => {
      const result = await service.register(app, request.body);
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/auth/verify-email',
    {
      schema: { tags, body: verifyEmailRequest, response: { 200: successMessage } },
      preHandler: authRateLimit(app, 'verify-email', 'token'),
    },
    async (request) => service.verifyEmail(app, request.body.token),
  );

  app.post(
    '/auth/resend-verification',
    {
      schema: { tags, body: resendVerificationRequest, response: { 200: successMessage } },
      preHandler: authRateLimit(app, 'resend-verification'),
    },
    async (request) => service.resendVerification(app, request.body.email),
  );

  app.post(
    '/auth/login',
    {
      schema: { tags, body: loginRequest, response: { 200: loginResponse } },
      preHandler: authRateLimit(app, 'login'),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.login(app, request.body, deviceOf(request));
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      schema: { tags, body: forgotPasswordRequest, response: { 200: successMessage } },
      preHandler: authRateLimit(app, 'forgot-password'),
    },
    async (request) => service.forgotPassword(app, request.body.email),
  );

  app.post(
    '/auth/reset-password',
    {
      schema: { tags, body: resetPasswordRequest, response: { 200: successMessage } },
      preHandler: authRateLimit(app, 'reset-password', 'token'),
    },
    async (request) => service.resetPassword(app, request.body),
  );

  app.post(
    '/auth/change-password',
    {
      schema: { tags, body: changePasswordRequest, response: { 200: changePasswordResponse } },
      preHandler: app.requireAuth(),
    },
    async (request, reply) => {
      const user = ownSessionUser(request);
      reply.header('cache-control', 'no-store');
      return service.changePassword(app, user.id, request.body, remainingTokenSeconds(request), deviceOf(request));
    },
  );

  app.get(
    '/me',
    { schema: { tags, response: { 200: sessionInfo } }, preHandler: app.requireAuth() },
    async (request) => {
      const session = sessionUser(request);
      const [user, rpafDetail] = await Promise.all([customerOf(app.db, session.id), rpafDetailOf(app.db, session.id)]);
      if (!user) throw new HttpError('SESSION_EXPIRED', messages.sessionExpired);
      let actingAgent: { id: number; name: string } | null = null;
      if (session.actingAgentId) {
        const [agent] = await app.db
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(eq(users.id, session.actingAgentId));
        if (agent) actingAgent = { id: agent.id, name: fullName(agent) };
      }
      return { user, actingAgent, rpafDetail };
    },
  );

  app.get(
    '/customers/:id',
    {
      schema: {
        tags,
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: customer },
      },
      preHandler: app.requireAuth(),
    },
    async (request) => {
      const session = sessionUser(request);
      // customerData(userId): only your own record; anything else looks like it does not exist.
      const found = request.params.id === session.id ? await customerOf(app.db, session.id) : null;
      if (!found) throw new HttpError('NOT_FOUND', messages.notFound);
      return found;
    },
  );

  app.get(
    '/credit/buildcredit',
    { schema: { tags: ['credit'], response: { 200: buildCreditSummary } }, preHandler: app.requireAuth() },
    async (request) => service.buildCreditSummary(app, sessionUser(request).id),
  );
}
