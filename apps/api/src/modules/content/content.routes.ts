import { blogsResponse, categoriesResponse, partnersResponse } from '@tibay/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { depsOf } from '../../deps.ts';
import { listBlogs, listCategories, listPartners } from './content.service.ts';

/** Public, read-only content for the page frame and the home page. Cached briefly by browsers. */
export async function contentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = depsOf(app);
  const cache = 'public, max-age=60';

  app.get(
    '/categories',
    { schema: { tags: ['content'], response: { 200: categoriesResponse } } },
    async (_request, reply) => {
      reply.header('cache-control', cache);
      return { items: await listCategories(deps) };
    },
  );

  app.get(
    '/content/partners',
    { schema: { tags: ['content'], response: { 200: partnersResponse } } },
    async (_request, reply) => {
      reply.header('cache-control', cache);
      return { items: await listPartners(deps) };
    },
  );

  app.get(
    '/content/blogs',
    { schema: { tags: ['content'], response: { 200: blogsResponse } } },
    async (_request, reply) => {
      reply.header('cache-control', cache);
      return { items: await listBlogs(deps) };
    },
  );
}
