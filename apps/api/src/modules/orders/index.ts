import type { FastifyInstance } from 'fastify';
import { historyRoutes } from './history.routes.ts';
import { orderAgainRoutes } from './order-again.routes.ts';
import { ordersRoutes } from './orders.routes.ts';
import { reviewsRoutes } from './reviews.routes.ts';
import { trackRoutes } from './track.routes.ts';

export { moveOrder, type OrderActor } from './lifecycle.ts';
export { buyerName, describeOrder } from './order-record.ts';

/**
 * Orders: the status the payment pages poll, the checkout fallback by reference, and the buyer's side after
 * checkout — MY ORDERS, the detail modal, reviews, order again and /TrackOrder.
 */
export async function ordersModule(app: FastifyInstance) {
  await app.register(ordersRoutes);
  await app.register(historyRoutes);
  await app.register(reviewsRoutes);
  await app.register(orderAgainRoutes);
  await app.register(trackRoutes);
}
