import {
  approveCreditRequest,
  creditFileKinds,
  creditReviewDetail,
  creditReviewPage,
  creditReviewQuery,
  messages,
  rejectCreditRequest,
  requestDocumentsRequest,
} from '@tibay/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { depsOf } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import * as review from './credit-review.service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

function actorOf(request: FastifyRequest): review.Actor {
  const actorUserId = request.admin?.userId;
  if (!actorUserId) throw new HttpError('UNAUTHENTICATED', messages.unauthenticated);
  return { actorUserId, method: request.method, path: request.routeOptions.url ?? '', ip: request.ip };
}

/**
 * The BuildCredit review (admin-v2): the queue, one application with its files, and the three decisions.
 * Admin session only (cookie, same-origin writes).
 */
export async function creditReviewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = depsOf(app);
  const tags = ['admin'];
  const preHandler = app.requireAdmin;

  app.get(
    '/admin/credit-applications',
    { schema: { tags, querystring: creditReviewQuery, response: { 200: creditReviewPage } }, preHandler },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return review.reviewQueue(deps, request.query);
    },
  );

  app.get(
    '/admin/credit-applications/:id',
    { schema: { tags, params: idParams, response: { 200: creditReviewDetail } }, preHandler },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return review.reviewDetail(deps, request.params.id);
    },
  );

  app.get(
    '/admin/credit-applications/:id/files/:field',
    { schema: { tags, params: idParams.extend({ field: z.enum(creditFileKinds) }) }, preHandler },
    async (request, reply) => {
      const file = await review.reviewFile(deps, request.params.id, request.params.field);
      return reply.header('cache-control', 'private, no-store').type(file.contentType).send(file.bytes);
    },
  );

  app.post(
    '/admin/credit-applications/:id/approve',
    {
      schema: { tags, params: idParams, body: approveCreditRequest, response: { 200: creditReviewDetail } },
      preHandler,
    },
    async (request) =>
      review.decide(deps, request.params.id, { kind: 'approve', body: request.body }, actorOf(request)),
  );
  app.post(
    '/admin/credit-applications/:id/reject',
    {
      schema: { tags, params: idParams, body: rejectCreditRequest, response: { 200: creditReviewDetail } },
      preHandler,
    },
    async (request) => review.decide(deps, request.params.id, { kind: 'reject', body: request.body }, actorOf(request)),
  );
  app.post(
    '/admin/credit-applications/:id/request-documents',
    {
      schema: { tags, params: idParams, body: requestDocumentsRequest, response: { 200: creditReviewDetail } },
      preHandler,
    },
    async (request) =>
      review.decide(deps, request.params.id, { kind: 'documents', body: request.body }, actorOf(request)),
  );
}
