import { messages, orderDetail, orderHistoryQuery, orderHistoryResponse } from '@tibay/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/http-error.ts';
import * as service from './buyer-orders.service.ts';

export function customerId(request: FastifyRequest): number {
  if (!request.user) throw new HttpError('UNAUTHENTICATED', messages.unauthenticated);
  return request.user.id;
}

/** MY ORDERS and the order detail modal (spec 2 §2): the signed-in customer's own orders only. */
export async function historyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['orders'];
  const customers = app.requireAuth(['buyer', 'agent']);

  app.get(
    '/orders',
    {
      schema: { tags, querystring: orderHistoryQuery, response: { 200: orderHistoryResponse } },
      preValidation: customers,
    },
    async (request) => service.listOrders(app.db, customerId(request), request.query),
  );

  app.get(
    '/orders/:reference',
    {
      schema: { tags, params: z.object({ reference: z.string().max(40) }), response: { 200: orderDetail } },
      preValidation: customers,
    },
    async (request) => service.orderDetail(app.db, customerId(request), request.params.reference),
  );
}
