import { messages, profileFileKinds, profileResponse, profileReviewPage, profileReviewQuery } from '@tibay/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { depsOf } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { profileOf } from './profile.service.ts';
import * as page from './profile-page.service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/**
 * Administrators review a customer's face capture, signature and BIR 2303 (admin-v2) and mark the profile
 * VERIFIED; the change is audited. Admin session only (cookie, same-origin writes).
 */
export async function profileAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = depsOf(app);
  const tags = ['admin'];
  const preHandler = app.requireAdmin;

  app.get(
    '/admin/profiles',
    { schema: { tags, querystring: profileReviewQuery, response: { 200: profileReviewPage } }, preHandler },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return page.profilesToReview(deps, request.query);
    },
  );

  app.get(
    '/admin/profiles/:id',
    { schema: { tags, params: idParams, response: { 200: profileResponse } }, preHandler },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const profile = await profileOf(deps, request.params.id);
      if (!profile) throw new HttpError('NOT_FOUND', messages.notFound);
      return { success: true as const, customerDetail: profile };
    },
  );

  app.get(
    '/admin/profiles/:id/files/:kind',
    { schema: { tags, params: idParams.extend({ kind: z.enum(profileFileKinds) }) }, preHandler },
    async (request, reply) => {
      const file = await page.profileFile(deps, request.params.id, request.params.kind);
      return reply.header('cache-control', 'private, no-store').type(file.contentType).send(file.bytes);
    },
  );

  app.post(
    '/admin/profiles/:id/verify',
    { schema: { tags, params: idParams, response: { 200: profileResponse } }, preHandler },
    async (request) => {
      const actorUserId = request.admin?.userId;
      if (!actorUserId) throw new HttpError('UNAUTHENTICATED', messages.unauthenticated);
      return page.verifyProfile(deps, request.params.id, {
        actorUserId,
        method: request.method,
        path: request.routeOptions.url ?? '',
        ip: request.ip,
      });
    },
  );
}
