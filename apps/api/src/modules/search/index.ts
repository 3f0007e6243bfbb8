import type { FastifyInstance } from 'fastify';
import { searchRoutes } from './search.routes.ts';

export { suggestions } from './search.service.ts';

/** Search: for now the header's suggestions (products and shops as you type). */
export async function searchModule(app: FastifyInstance) {
  await app.register(searchRoutes);
}
