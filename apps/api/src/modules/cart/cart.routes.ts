import { addToCartRequest, addToCartResponse, cartCountResponse, messages } from '@tibay/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-error.ts';
import * as service from './cart.service.ts';

/** The customer whose cart this is: the signed-in buyer or agent, or the customer an agent acts for. */
function customerId(request: FastifyRequest): number {
  if (!request.user) throw new HttpError('UNAUTHENTICATED', messages.unauthenticated);
  return request.user.id;
}

export async function cartRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['cart'];
  const customers = app.requireAuth(['buyer', 'agent']);

  app.post(
    '/cart/items',
    { schema: { tags, body: addToCartRequest, response: { 200: addToCartResponse } }, preHandler: customers },
    async (request) => service.addToCart(app.db, customerId(request), request.body),
  );

  app.get(
    '/cart/count',
    { schema: { tags, response: { 200: cartCountResponse } }, preHandler: customers },
    async (request) => ({ count: await service.cartCount(app.db, customerId(request)) }),
  );
}
