import type { FastifyInstance } from 'fastify';
import { historyRoutes } from './history.routes.ts';
import { orderAgainRoutes } from './order-again.routes.ts';
import { ordersRoutes } from './orders.routes.ts';
import { reviewsRoutes } from './reviews.routes.ts';
import { trackRoutes } from './track.routes.ts';

// The order's life after checkout is owned here (decision 0024): its states, and their effects on stock, vouchers,
// credit, the buyer's mails and the courier bookings. Other modules move or settle orders only through these.
export { withCourierLinks } from './courier-booking.ts';
export { afterSettlement } from './effects.ts';
/** One way to give credit back to a line (with its credit_transactions row): releases here, repayments too. */
export { creditBack } from './holdings.repository.ts';
export { moveOrder, type OrderActor } from './lifecycle.ts';
export { describeOrder } from './order-record.ts';
export { withCurrentOrders } from './order-status.service.ts';
export { type LoweredTotal, lowerOrderTotal } from './order-total.ts';
export { buyerName } from './orders.repository.ts';
export { sandboxCourierPageRoutes } from './sandbox-courier-page.routes.ts';
export {
  expireOverdue,
  type PaymentOutcome,
  type Settlement,
  settleCheckout,
  settleCheckoutPaid,
  settleCheckoutUnpaid,
  type UnpaidOrderStatus,
} from './settlement.ts';

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
