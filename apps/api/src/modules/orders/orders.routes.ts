import { checkoutResult, orderStatusResponse } from '@tibay/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { depsOf } from '../../deps.ts';
import { customerId } from '../../http/customer.ts';
import { checkoutByReference, orderStatus } from './order-status.service.ts';

const params = z.object({ reference: z.string().max(40) });

export async function ordersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = depsOf(app);
  const tags = ['orders'];
  const customers = app.requireAuth(['buyer', 'agent']);

  /** The payment result page and the checkout page poll this (spec 2 §4). Owner only; anything else is 404. */
  app.get(
    '/orders/:reference/status',
    { schema: { tags, params, response: { 200: orderStatusResponse } }, preValidation: customers },
    async (request) => orderStatus(deps, customerId(request), request.params.reference),
  );

  /** The spec's "checkout fallback": the stored result of the checkout that created this order. Owner only. */
  app.get(
    '/checkouts/by-reference/:reference',
    { schema: { tags, params, response: { 200: checkoutResult } }, preValidation: customers },
    async (request) => checkoutByReference(deps, customerId(request), request.params.reference),
  );
}
