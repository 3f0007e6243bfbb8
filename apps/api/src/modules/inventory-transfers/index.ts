import type { FastifyInstance } from 'fastify';
import { inventoryTransferRoutes } from './inventory-transfers.routes.ts';

/**
 * Back office II (spec 3 §2.4; decision 0041): inventory transfers between sellers with their approval, and bad
 * stock transfers out of orders, both through the stock ledger. Administrators only, through the admin cookie session.
 */
export async function inventoryTransfersModule(app: FastifyInstance) {
  await app.register(inventoryTransferRoutes);
}
