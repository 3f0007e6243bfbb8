import type { FastifyInstance } from 'fastify';
import { sellerCenterRoutes } from './seller-center.routes.ts';

/** Seller center: the shop's catalogue (products, variations, photos, videos, stock through the ledger) and orders. */
export async function sellerCenterModule(app: FastifyInstance) {
  await app.register(sellerCenterRoutes);
}
