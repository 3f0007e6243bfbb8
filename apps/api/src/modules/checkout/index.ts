import type { FastifyInstance } from 'fastify';
import { checkoutRoutes } from './checkout.routes.ts';

/** A sales order imported by an administrator, placed by the checkout's rules (sales-import module, decision 0042). */
export { type ImportedLine, type ImportedOrder, placeImportedOrder } from './imported-order.ts';

/**
 * Checkout (spec 2 §2–§9): shipping quotes, the preview, vouchers and placing the orders (one per seller, one
 * transaction, Idempotency-Key). Buyers and agents, or an agent acting for a customer.
 */
export async function checkoutModule(app: FastifyInstance) {
  await app.register(checkoutRoutes);
}
