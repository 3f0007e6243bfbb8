import { orderAgainResponse } from '@tibay/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { depsOf } from '../../deps.ts';
import { customerId } from '../../http/customer.ts';
import * as service from './buyer-orders.service.ts';

/** POST /orders/:reference/order-again (spec 2 §4 Order again): the cart is cleared and replaced. */
export async function orderAgainRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = depsOf(app);
  app.post(
    '/orders/:reference/order-again',
    {
      schema: {
        tags: ['orders'],
        params: z.object({ reference: z.string().max(40) }),
        response: { 200: orderAgainResponse },
      },
      preValidation: app.requireAuth(['buyer', 'agent']),
    },
    async (request) => service.orderAgain(deps, customerId(request), request.params.reference),
  );
}
