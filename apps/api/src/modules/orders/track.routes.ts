import { messages, trackOrderRequest, trackOrderResponse } from '@tibay/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { depsOf } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import * as service from './buyer-orders.service.ts';

const WINDOW_MS = 60_000;

function referenceOf(request: FastifyRequest): string {
  const body = request.body as { orderId?: unknown } | undefined;
  return typeof body?.orderId === 'string' ? body.orderId.trim().toUpperCase() : '';
}

/**
 * Guessing limits for /TrackOrder: per client address (AUTH_RATE_LIMIT_PER_IP a minute) and per order reference
 * (AUTH_RATE_LIMIT_PER_ACCOUNT a minute), so billing emails cannot be tried against one order at speed.
 */
function trackRateLimit(app: FastifyInstance) {
  const byAddress = app.createRateLimit({
    max: app.config.AUTH_RATE_LIMIT_PER_IP,
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => `track-order:ip:${request.ip}`,
  });
  const byOrder = app.createRateLimit({
    max: app.config.AUTH_RATE_LIMIT_PER_ACCOUNT,
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => `track-order:order:${referenceOf(request)}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    for (const check of [byAddress, byOrder]) {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', result.ttlInSeconds);
        throw new HttpError('RATE_LIMITED', messages.tooManyAttempts);
      }
    }
  };
}

/**
 * POST /track-order (spec 2 /TrackOrder): no sign-in needed — the billing email is the key. A miss of any kind is
 * 404 with the spec's NO ORDER FOUND text, so the answer never tells whether the reference exists.
 */
export async function trackRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = depsOf(app);
  app.post(
    '/track-order',
    {
      schema: { tags: ['orders'], body: trackOrderRequest, response: { 200: trackOrderResponse } },
      preHandler: trackRateLimit(app),
    },
    async (request) => ({ success: true as const, trackOrder: [await service.trackOrder(deps, request.body)] }),
  );
}
