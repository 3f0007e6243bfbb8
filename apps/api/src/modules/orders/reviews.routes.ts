import { reviewRequest, reviewResponse } from '@tibay/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { depsOf } from '../../deps.ts';
import { customerId } from '../../http/customer.ts';
import * as service from './buyer-orders.service.ts';

/** POST /reviews (spec 2 §4, §5, §7): the author is the signed-in customer, never a field of the body. */
export async function reviewsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = depsOf(app);
  app.post(
    '/reviews',
    {
      schema: { tags: ['orders'], body: reviewRequest, response: { 201: reviewResponse } },
      preValidation: app.requireAuth(['buyer', 'agent']),
    },
    async (request, reply) => {
      const saved = await service.submitReview(deps, customerId(request), request.body);
      return reply.code(201).send(saved);
    },
  );
}
