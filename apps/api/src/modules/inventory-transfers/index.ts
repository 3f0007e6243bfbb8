import type { FastifyInstance } from 'fastify';
import { adminSessionPlugin } from '../../plugins/admin-session.ts';
import { inventoryTransferRoutes } from './inventory-transfers.routes.ts';

/**
 * Back office II (spec 3 §2.4; decision 0041): inventory transfers between sellers with their approval, and bad
 * stock transfers out of orders, both through the stock ledger. Administrators only, through the admin cookie session.
 */
export async function inventoryTransfersModule(app: FastifyInstance) {
  // The admin session's decorations (requireAdmin) live in this module's scope too; the cookie is the same.
  await app.register(adminSessionPlugin);
  await app.register(inventoryTransferRoutes);
}
