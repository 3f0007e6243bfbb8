import type { FastifyInstance } from 'fastify';
import { adminSessionPlugin } from '../../plugins/admin-session.ts';
import { purchasingRoutes } from './purchasing.routes.ts';

/**
 * Back office I (spec 3 §2.4; decision 0036): suppliers, warehouses, purchase orders and their approval, purchase
 * receives into warehouses through the stock ledger, and the inventory report over that ledger. Administrators
 * only, through the admin cookie session.
 */
export async function purchasingModule(app: FastifyInstance) {
  // The admin session's decorations (requireAdmin) live in this module's scope too; the cookie is the same.
  await app.register(adminSessionPlugin);
  await app.register(purchasingRoutes);
}

/** For the admin dashboard: POs to decide and to receive, and low-stock products. */
export { summary as backOfficeSummary } from './purchase-orders.service.ts';
