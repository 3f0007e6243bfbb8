import { searchSynonym, searchSynonymInput, searchSynonymList } from '@tibay/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { depsOf } from '../../deps.ts';
import { parseOrRefuse } from '../../http/validation.ts';
import { adminAct } from './audit.ts';
import * as synonyms from './search-synonyms.service.ts';

const tags = ['admin'];
const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Search synonyms (admin-v2 "Search synonyms"): administrators only, audited. */
export async function searchSynonymRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = depsOf(app);
  const preHandler = app.requireAdmin;

  app.get(
    '/admin/search-synonyms',
    { schema: { tags, response: { 200: searchSynonymList } }, preHandler },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return synonyms.listSynonyms(deps);
    },
  );

  app.post(
    '/admin/search-synonyms',
    { schema: { tags, response: { 201: searchSynonym } }, preHandler },
    async (request, reply) => {
      const created = await synonyms.createSynonym(
        deps,
        parseOrRefuse(searchSynonymInput, request.body, { topLevel: true }),
        adminAct(request),
      );
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/admin/search-synonyms/:id',
    { schema: { tags, params: idParams, response: { 200: searchSynonym } }, preHandler },
    async (request) =>
      synonyms.updateSynonym(
        deps,
        request.params.id,
        parseOrRefuse(searchSynonymInput, request.body, { topLevel: true }),
        adminAct(request),
      ),
  );

  app.delete(
    '/admin/search-synonyms/:id',
    { schema: { tags, params: idParams }, preHandler },
    async (request, reply) => {
      await synonyms.deleteSynonym(deps, request.params.id, adminAct(request));
      return reply.status(204).send();
    },
  );
}
