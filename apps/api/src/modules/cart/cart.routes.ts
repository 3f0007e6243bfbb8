import {
  addToCartRequest,
  addToCartResponse,
  cartCountResponse,
  cartItemParams,
  cartResponse,
  changeCartQuantityRequest,
  changeCartQuantityResponse,
  messages,
  removeCartItemsRequest,
  removeCartItemsResponse,
} from '@tibay/contract';
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

  app.get(
    '/cart',
    { schema: { tags, response: { 200: cartResponse } }, preHandler: customers },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.cartOf(app.db, customerId(request));
    },
  );

  app.patch(
    '/cart/items/:id',
    {
      schema: {
        tags,
        params: cartItemParams,
        body: changeCartQuantityRequest,
        response: { 200: changeCartQuantityResponse },
      },
      preHandler: customers,
    },
    async (request) => ({
      success: true as const,
      line: await service.changeQuantity(app.db, customerId(request), request.params.id, request.body.quantity),
    }),
  );

  app.post(
    '/cart/items/remove',
    {
      schema: { tags, body: removeCartItemsRequest, response: { 200: removeCartItemsResponse } },
      preHandler: customers,
    },
    async (request) => service.removeLines(app.db, customerId(request), request.body.cart_ids),
  );
}
