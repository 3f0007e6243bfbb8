import { checkoutResult, messages, orderReference, orderStatusResponse } from '@tibay/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkouts, orders } from '../../db/schema/index.ts';
import { customerId } from '../../http/customer.ts';
import { HttpError } from '../../http/http-error.ts';
import { expireOverdue } from '../payments/index.ts';

const params = z.object({ reference: z.string().max(40) });
const notFound = () => new HttpError('NOT_FOUND', messages.orderNotFound);

export async function ordersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['orders'];
  const customers = app.requireAuth(['buyer', 'agent']);

  /** The payment result page and the checkout page poll this (spec 2 §4). Owner only; anything else is 404. */
  app.get(
    '/orders/:reference/status',
    { schema: { tags, params, response: { 200: orderStatusResponse } }, preValidation: customers },
    async (request) => {
      const reference = request.params.reference.toUpperCase();
      if (!orderReference.safeParse(reference).success) throw notFound();
      const find = () =>
        app.db
          .select({
            reference: orders.reference,
            status: orders.status,
            checkoutId: orders.checkoutId,
            paymentExpiresAt: orders.paymentExpiresAt,
          })
          .from(orders)
          .where(and(eq(orders.reference, reference), eq(orders.customerId, customerId(request))));
      let [order] = await find();
      // An unpaid gateway order past its window reads as expired at once, not at the next sweep.
      if (order?.status === 'Pending' && order.paymentExpiresAt && order.paymentExpiresAt <= new Date()) {
        await expireOverdue(app.db, new Date(), { checkoutId: order.checkoutId });
        [order] = await find();
      }
      if (!order) throw notFound();
      return { reference: order.reference, status: order.status };
    },
  );

  /** The spec's "checkout fallback": the stored result of the checkout that created this order. Owner only. */
  app.get(
    '/checkouts/by-reference/:reference',
    { schema: { tags, params, response: { 200: checkoutResult } }, preValidation: customers },
    async (request) => {
      const reference = request.params.reference.toUpperCase();
      if (!orderReference.safeParse(reference).success) throw notFound();
      const [row] = await app.db
        .select({ response: checkouts.response })
        .from(orders)
        .innerJoin(checkouts, eq(checkouts.id, orders.checkoutId))
        .where(and(eq(orders.reference, reference), eq(orders.customerId, customerId(request))));
      const stored = row?.response as { result?: z.infer<typeof checkoutResult> } | null | undefined;
      if (!stored?.result) throw notFound();
      // The stored answer, with each order's status as it is now (paid, expired, verified since), and its courier
      // share link once the delivery is booked (a gateway order's Lalamove booking follows the payment).
      const now = await app.db
        .select({ reference: orders.reference, status: orders.status, shareLink: orders.courierShareLink })
        .from(orders)
        .where(eq(orders.checkoutId, stored.result.checkout_id));
      const current = new Map(now.map((order) => [order.reference, order]));
      return {
        ...stored.result,
        orders: stored.result.orders.map((order) => ({
          ...order,
          status: current.get(order.reference)?.status ?? order.status,
          share_link: current.get(order.reference)?.shareLink ?? order.share_link,
        })),
      };
    },
  );
}
