import { searchSynonym, searchSynonymInput, searchSynonymList } from '@tibay/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseOrRefuse } from '../../http/validation.ts';
import * as synonyms from './search-synonyms.service.ts';

const tags = ['admin'];
const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

function act(request: FastifyRequest): synonyms.AdminAct {
  return { adminId: request.admin!.userId, method: request.method, path: request.url, ip: request.ip };
}

/** Search synonyms (admin-v2 "Search synonyms"): administrators only, audited. */
export async function searchSynonymRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const preHandler = app.requireAdmin;

  app.get(
    '/admin/search-synonyms',
    { schema: { tags, response: { 200: searchSynonymList } }, preHandler },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return synonyms.listSynonyms(app);
    },
  );

  app.post(
    '/admin/search-synonyms',
    { schema: { tags, response: { 201: searchSynonym } }, preHandler },
    async (request, reply) => {
      const created = await synonyms.createSynonym(
        app,
        parseOrRefuse(searchSynonymInput, request.body, { topLevel: true }),
        act(request),
      );
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/admin/search-synonyms/:id',
    { schema: { tags, params: idParams, response: { 200: searchSynonym } }, preHandler },
    async (request) =>
      synonyms.updateSynonym(
        app,
        request.params.id,
        parseOrRefuse(searchSynonymInput, request.body, { topLevel: true }),
        act(request),
      ),
  );

  app.delete(
    '/admin/search-synonyms/:id',
    { schema: { tags, params: idParams }, preHandler },
    async (request, reply) => {
      await synonyms.deleteSynonym(app, request.params.id, act(request));
      return reply.status(204).send();
    },
  );
}
