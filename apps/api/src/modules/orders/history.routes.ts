import { orderDetail, orderHistoryQuery, orderHistoryResponse } from '@tibay/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { depsOf } from '../../deps.ts';
import { customerId } from '../../http/customer.ts';
import * as service from './buyer-orders.service.ts';

/** MY ORDERS and the order detail modal (spec 2 §2): the signed-in customer's own orders only. */
export async function historyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = depsOf(app);
  const tags = ['orders'];
  const customers = app.requireAuth(['buyer', 'agent']);

  app.get(
    '/orders',
    {
      schema: { tags, querystring: orderHistoryQuery, response: { 200: orderHistoryResponse } },
      preValidation: customers,
    },
    async (request) => service.listOrders(deps, customerId(request), request.query),
  );

  app.get(
    '/orders/:reference',
    {
      schema: { tags, params: z.object({ reference: z.string().max(40) }), response: { 200: orderDetail } },
      preValidation: customers,
    },
    async (request) => service.orderDetail(deps, customerId(request), request.params.reference),
  );
}
