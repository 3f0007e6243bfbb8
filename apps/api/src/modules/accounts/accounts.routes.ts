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
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { depsOf } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { deviceOf } from '../../plugins/auth.ts';
import * as service from './accounts.service.ts';
import { authRateLimit } from './rate-limits.ts';
import { ownSessionUser, sessionUser } from './session-user.ts';
import * as sessions from './sessions.service.ts';
import { remainingTokenSeconds } from './sessions.ts';

export async function accountsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = depsOf(app);
  const tags = ['accounts'];

  app.post(
    '/auth/register',
    {
      schema: { tags, body: registerRequest, response: { 201: successMessage } },
      preHandler: authRateLimit(app, 'register'),
    },
    async (request, reply) => {
      const result = await service.register(deps, request.body);
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/auth/verify-email',
    {
      schema: { tags, body: verifyEmailRequest, response: { 200: successMessage } },
      preHandler: authRateLimit(app, 'verify-email', 'token'),
    },
    async (request) => service.verifyEmail(deps, request.body.token),
  );

  app.post(
    '/auth/resend-verification',
    {
      schema: { tags, body: resendVerificationRequest, response: { 200: successMessage } },
      preHandler: authRateLimit(app, 'resend-verification'),
    },
    async (request) => service.resendVerification(deps, request.body.email),
  );

  app.post(
    '/auth/login',
    {
      schema: { tags, body: loginRequest, response: { 200: loginResponse } },
      preHandler: authRateLimit(app, 'login'),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.login(deps, request.body, deviceOf(request));
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      schema: { tags, body: forgotPasswordRequest, response: { 200: successMessage } },
      preHandler: authRateLimit(app, 'forgot-password'),
    },
    async (request) => service.forgotPassword(deps, request.body.email),
  );

  app.post(
    '/auth/reset-password',
    {
      schema: { tags, body: resetPasswordRequest, response: { 200: successMessage } },
      preHandler: authRateLimit(app, 'reset-password', 'token'),
    },
    async (request) => service.resetPassword(deps, request.body),
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
      return service.changePassword(deps, user.id, request.body, remainingTokenSeconds(request), deviceOf(request));
    },
  );

  app.get('/me', { schema: { tags, response: { 200: sessionInfo } }, preHandler: app.requireAuth() }, async (request) =>
    sessions.sessionInfo(deps, sessionUser(request)),
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
      const found = request.params.id === session.id ? await sessions.customerOf(deps, session.id) : null;
      if (!found) throw new HttpError('NOT_FOUND', messages.notFound);
      return found;
    },
  );

  app.get(
    '/credit/buildcredit',
    { schema: { tags: ['credit'], response: { 200: buildCreditSummary } }, preHandler: app.requireAuth() },
    async (request) => service.buildCreditSummary(deps, sessionUser(request).id),
  );
}
