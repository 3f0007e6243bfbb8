import type { FastifyInstance } from 'fastify';
import { depsOf } from '../../deps.ts';
import { catalogRoutes } from './catalog.routes.ts';
import { ListingsMemory } from './listings-memory.ts';
import { SearchIndexKeeper } from './search-index.service.ts';

/** The micro-cache of guests' discovery listings (registered by the app before the routes). */
export { listed } from './catalog.repository.ts';
export { discoveryCache } from './discovery-cache.ts';

const keepers = new WeakMap<object, SearchIndexKeeper>();

/** The search index of a built app (tests and benchmarks wait for it to be ready). */
export function searchIndexOf(app: FastifyInstance): SearchIndexKeeper | undefined {
  return keepers.get(app.server);
}

/**
 * Catalog (discovery): seller listing and search, microsites, seller shops, category products, best sellers,
 * product search, the header's search suggestions and the item page. Read-only and public. Every text match
 * follows one set of rules (text-match.ts).
 */
export async function catalogModule(app: FastifyInstance) {
  // The in-memory search index (decision 0043), built in the background; SEARCH_INDEX=off keeps search in SQL.
  let searchIndex: SearchIndexKeeper | undefined;
  // Category listings, shop pages and suggestions from the same index (decision 0047).
  let listings: ListingsMemory | undefined;
  if (app.config.SEARCH_INDEX === 'on') {
    const keeper = new SearchIndexKeeper(depsOf(app));
    await keeper.start();
    app.addHook('onClose', async () => keeper.stop());
    searchIndex = keeper;
    listings = new ListingsMemory(depsOf(app).db, keeper);
    keepers.set(app.server, keeper);
  }
  await app.register(catalogRoutes, { searchIndex, listings });
}
