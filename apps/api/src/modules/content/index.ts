import type { FastifyInstance } from 'fastify';
import { contentRoutes } from './content.routes.ts';

export { listBlogs, listCategories, listPartners } from './content.service.ts';
export { robotsRoutes } from './robots.routes.ts';

/** Content: categories, brand partners and blog article cards. */
export async function contentModule(app: FastifyInstance) {
  await app.register(contentRoutes);
}
