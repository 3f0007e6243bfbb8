import {
  addToCartKey,
  addToCartRequest,
  addToCartResponse,
  cartCountResponse,
  cartInstructionsRequest,
  cartInstructionsResponse,
  cartItemParams,
  cartResponse,
  changeCartQuantityRequest,
  changeCartQuantityResponse,
  markCartItemsRequest,
  messages,
  removeCartItemsRequest,
  removeCartItemsResponse,
} from '@tibay/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { depsOf } from '../../deps.ts';
import { customerId } from '../../http/customer.ts';
import { HttpError } from '../../http/http-error.ts';
import * as service from './cart.service.ts';

export async function cartRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['cart'];
  const customers = app.requireAuth(['buyer', 'agent']);
  const deps = depsOf(app);

  app.post(
    '/cart/items',
    {
      schema: {
        tags,
        description: 'Optional header Idempotency-Key: the same key sent again adds once (a double click, a retry).',
        headers: z.object({ 'idempotency-key': z.string().optional() }).passthrough(),
        body: addToCartRequest,
        response: { 200: addToCartResponse },
      },
      preHandler: customers,
    },
    async (request) => {
      const header = request.headers['idempotency-key'];
      let key: string | null = null;
      if (header !== undefined) {
        const parsed = addToCartKey.safeParse(header);
        if (!parsed.success) {
          throw new HttpError('VALIDATION', messages.idempotencyKeyRequired, {
            'Idempotency-Key': messages.idempotencyKeyRequired,
          });
        }
        key = parsed.data;
      }
      return service.addToCart(deps, customerId(request), request.body, key);
    },
  );

  app.get(
    '/cart/count',
    { schema: { tags, response: { 200: cartCountResponse } }, preHandler: customers },
    async (request) => ({ count: await service.cartCount(deps, customerId(request)) }),
  );

  app.get(
    '/cart',
    { schema: { tags, response: { 200: cartResponse } }, preHandler: customers },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.cartOf(deps, customerId(request));
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
      line: await service.changeQuantity(deps, customerId(request), request.params.id, request.body.quantity),
    }),
  );

  app.post(
    '/cart/marks',
    { schema: { tags, body: markCartItemsRequest, response: { 200: cartResponse } }, preHandler: customers },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.markLines(deps, customerId(request), request.body.cart_ids, request.body.marked);
    },
  );

  app.put(
    '/cart/instructions',
    {
      schema: { tags, body: cartInstructionsRequest, response: { 200: cartInstructionsResponse } },
      preHandler: customers,
    },
    async (request) => service.saveInstructions(deps, customerId(request), request.body.order_instructions),
  );

  app.post(
    '/cart/items/remove',
    {
      schema: { tags, body: removeCartItemsRequest, response: { 200: removeCartItemsResponse } },
      preHandler: customers,
    },
    async (request) => service.removeLines(deps, customerId(request), request.body.cart_ids),
  );
}
