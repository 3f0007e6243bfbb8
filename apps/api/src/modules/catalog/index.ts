import type { FastifyInstance } from 'fastify';
import { catalogRoutes } from './catalog.routes.ts';

/** The micro-cache of guests' discovery listings (registered by the app before the routes). */
export { listed } from './catalog.repository.ts';
export { discoveryCache } from './discovery-cache.ts';

/**
 * Catalog (discovery): seller listing and search, microsites, seller shops, category products, best sellers,
 * product search, the header's search suggestions and the item page. Read-only and public. Every text match
 * follows one set of rules (text-match.ts).
 */
export async function catalogModule(app: FastifyInstance) {
  await app.register(catalogRoutes);
}
