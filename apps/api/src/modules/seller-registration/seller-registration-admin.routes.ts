import {
  registrationDecisionResponse,
  rejectRegistrationRequest,
  sellerRegistrationDetail,
  sellerRegistrationListQuery,
  sellerRegistrationPage,
} from '@tibay/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { depsOf } from '../../deps.ts';
import { parseOrRefuse } from '../../http/validation.ts';
import { adminAct } from '../admin/index.ts';
import * as service from './seller-registration.service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Admin-v2 Seller registrations: the queue, one registration and its logo, approve and reject (audited). */
export async function sellerRegistrationAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = depsOf(app);
  const tags = ['admin'];
  const preHandler = app.requireAdmin;

  app.get(
    '/admin/seller-registrations',
    {
      schema: { tags, querystring: sellerRegistrationListQuery, response: { 200: sellerRegistrationPage } },
      preHandler,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.registrations(deps, request.query);
    },
  );

  app.get(
    '/admin/seller-registrations/:id',
    { schema: { tags, params: idParams, response: { 200: sellerRegistrationDetail } }, preHandler },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.registration(deps, request.params.id);
    },
  );

  app.get(
    '/admin/seller-registrations/:id/logo',
    { schema: { tags, params: idParams }, preHandler },
    async (request, reply) => {
      const bytes = await service.registrationLogo(deps, request.params.id);
      return reply
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .type('image/png')
        .send(bytes);
    },
  );

  app.post(
    '/admin/seller-registrations/:id/approve',
    { schema: { tags, params: idParams, response: { 200: registrationDecisionResponse } }, preHandler },
    async (request) => service.approve(deps, request.params.id, adminAct(request)),
  );

  app.post(
    '/admin/seller-registrations/:id/reject',
    { schema: { tags, params: idParams, response: { 200: registrationDecisionResponse } }, preHandler },
    async (request) => {
      const { reason } = parseOrRefuse(rejectRegistrationRequest, request.body);
      return service.reject(deps, request.params.id, reason, adminAct(request));
    },
  );
}
