import { qrCreateResponse, qrRequestResponse, qrStatusResponse, successMessage } from '@tibay/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { depsOf } from '../../deps.ts';
import { deviceOf } from '../../plugins/auth.ts';
import { approveQr, createQr, denyQr, qrRequest, qrStatus } from './qr-login.service.ts';
import { authRateLimit } from './rate-limits.ts';
import { ownSessionUser } from './session-user.ts';

const qrParams = z.object({ qrToken: z.string().min(16).max(128) });

export async function qrLoginRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = depsOf(app);
  const tags = ['accounts'];

  app.post(
    '/auth/qr',
    {
      schema: { tags, response: { 200: qrCreateResponse } },
      preHandler: authRateLimit(app, 'qr'),
    },
    async (request) => createQr(deps, deviceOf(request)),
  );

  // Polled every second by the login screen: no rate limit beyond the code's two-minute life.
  app.get(
    '/auth/qr/:qrToken',
    { schema: { tags, params: qrParams, response: { 200: qrStatusResponse } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return qrStatus(deps, request.params.qrToken, deviceOf(request));
    },
  );

  app.post(
    '/auth/qr/:qrToken/approve',
    { schema: { tags, params: qrParams, response: { 200: successMessage } }, preHandler: app.requireAuth() },
    async (request) => approveQr(deps, request.params.qrToken, ownSessionUser(request).id),
  );

  // The approving device reads what is known of the device asking to sign in, then approves or denies.
  app.get(
    '/auth/qr/:qrToken/request',
    { schema: { tags, params: qrParams, response: { 200: qrRequestResponse } }, preHandler: app.requireAuth() },
    async (request) => {
      ownSessionUser(request);
      return qrRequest(deps, request.params.qrToken);
    },
  );

  app.post(
    '/auth/qr/:qrToken/deny',
    { schema: { tags, params: qrParams, response: { 200: successMessage } }, preHandler: app.requireAuth() },
    async (request) => {
      ownSessionUser(request);
      return denyQr(deps, request.params.qrToken);
    },
  );
}
