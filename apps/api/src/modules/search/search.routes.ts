import { suggestionsQuery, suggestionsResponse } from '@tibay/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { suggestions } from './search.service.ts';

export async function searchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/search/suggestions',
    { schema: { tags: ['search'], querystring: suggestionsQuery, response: { 200: suggestionsResponse } } },
    async (request) => suggestions(app.db, request.query.q, await app.searchSynonyms.current()),
  );
}
