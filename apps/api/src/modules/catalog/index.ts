import type { FastifyInstance } from 'fastify';
import { catalogRoutes } from './catalog.routes.ts';

/** What a buyer may see: the one rule every discovery query applies (header suggestions too). */
export { listedProducts } from './catalog.sql.ts';

/**
 * Catalog (discovery): seller listing and search, microsites, seller shops, category products, best sellers,
 * product search and the item page. Read-only and public.
 */
export async function catalogModule(app: FastifyInstance) {
  await app.register(catalogRoutes);
}
