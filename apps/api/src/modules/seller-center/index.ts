import type { FastifyInstance } from 'fastify';
import { sellerCenterRoutes } from './seller-center.routes.ts';
import { shopProfileRoutes } from './shop-profile.routes.ts';

/** Seller center: the shop's catalogue (products, variations, photos, videos, stock through the ledger) orders,
 * and the shop profile with a new seller's first-day steps. */
export async function sellerCenterModule(app: FastifyInstance) {
  await app.register(sellerCenterRoutes);
  await app.register(shopProfileRoutes);
}
