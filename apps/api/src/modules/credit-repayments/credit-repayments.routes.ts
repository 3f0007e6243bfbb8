import {
  adminOverdueCredit,
  adminRepayment,
  adminRepaymentDecision,
  adminRepaymentDecisionResponse,
  adminRepaymentPage,
  adminRepaymentQuery,
  creditOrdersQuery,
  creditOrdersResponse,
  creditRepaymentData,
  creditRepaymentResponse,
  messages,
} from '@tibay/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { depsOf } from '../../deps.ts';
import { customerId } from '../../http/customer.ts';
import { HttpError } from '../../http/http-error.ts';
import { jsonField, readMultipart } from '../../http/multipart.ts';
import { siteOrigin } from '../../http/site-origin.ts';
import { parseOrRefuse } from '../../http/validation.ts';
import { adminAct } from '../admin/index.ts';
import * as admin from './admin.service.ts';
import * as service from './credit-repayments.service.ts';
import { trustReceiptPdf } from './trust-receipt.ts';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const referenceParams = z.object({ reference: z.string().min(1).max(40) });

/** The buyer's side: /pay-rpaf's orders, paying them, a proof read back, the trust receipt. */
export async function creditRepaymentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = depsOf(app);
  const tags = ['credit'];
  const customers = app.requireAuth(['buyer', 'agent']);

  app.get(
    '/credit/buildcredit/orders',
    {
      schema: { tags, querystring: creditOrdersQuery, response: { 200: creditOrdersResponse } },
      preHandler: customers,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.creditOrders(deps, customerId(request), request.query);
    },
  );

  app.post(
    '/credit/buildcredit/payments',
    { schema: { tags, response: { 200: creditRepaymentResponse } }, preHandler: customers },
    async (request) => {
      const form = await readMultipart(request, {
        fields: ['data'],
        files: ['rpafpaymentPhoto'],
        notMultipart: new HttpError('VALIDATION', 'Please send the payment as a form.'),
        tooLarge: messages.imageTooLarge,
      });
      const json = jsonField(form.fields.data, new HttpError('VALIDATION', 'The payment data is not valid JSON.'));
      const data = parseOrRefuse(creditRepaymentData, json);
      const payment = await service.createRepayment(deps, customerId(request), {
        data,
        proof: form.files.rpafpaymentPhoto?.length ? form.files.rpafpaymentPhoto : null,
        origin: siteOrigin(app, request),
      });
      return { success: true as const, payment };
    },
  );

  app.get(
    '/credit/buildcredit/payments/:id/proof',
    { schema: { tags, params: idParams }, preHandler: customers },
    async (request, reply) => {
      const bytes = await service.repaymentProof(deps, request.params.id, customerId(request));
      return reply
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .type('image/jpeg')
        .send(bytes);
    },
  );

  // The spec's trust receipt is a form POST; GET serves the same file (a link works too).
  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/credit/buildcredit/orders/:reference/trust-receipt',
      schema: { tags, params: referenceParams },
      preHandler: customers,
      handler: async (request, reply) => {
        const file = await trustReceiptPdf(deps, customerId(request), request.params.reference);
        return reply
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .type('application/pdf')
          .send(Buffer.from(file.bytes));
      },
    });
  }
}

/** The administrator's side (admin-v2): the verification queue, a decision, proofs, receipts, overdue orders. */
export async function creditRepaymentAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = depsOf(app);
  const tags = ['admin'];
  const preHandler = app.requireAdmin;

  app.get(
    '/admin/credit-repayments',
    { schema: { tags, querystring: adminRepaymentQuery, response: { 200: adminRepaymentPage } }, preHandler },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return admin.adminRepayments(deps, request.query);
    },
  );

  app.get(
    '/admin/credit-repayments/:id',
    { schema: { tags, params: idParams, response: { 200: adminRepayment } }, preHandler },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const payment = await admin.adminRepayment(deps, request.params.id);
      if (!payment) throw new HttpError('NOT_FOUND', messages.notFound);
      return payment;
    },
  );

  app.post(
    '/admin/credit-repayments/:id/decision',
    {
      schema: {
        tags,
        params: idParams,
        body: adminRepaymentDecision,
        response: { 200: adminRepaymentDecisionResponse },
      },
      preHandler,
    },
    async (request) => admin.decideRepayment(deps, request.params.id, request.body, adminAct(request)),
  );

  app.get(
    '/admin/credit-repayments/:id/proof',
    { schema: { tags, params: idParams }, preHandler },
    async (request, reply) => {
      const bytes = await service.repaymentProof(deps, request.params.id, null);
      return reply
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .type('image/jpeg')
        .send(bytes);
    },
  );

  app.get(
    '/admin/credit/overdue',
    { schema: { tags, response: { 200: adminOverdueCredit } }, preHandler },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.overdueCredit(deps);
    },
  );

  app.get(
    '/admin/credit/orders/:reference/trust-receipt',
    { schema: { tags, params: referenceParams }, preHandler },
    async (request, reply) => {
      const file = await trustReceiptPdf(deps, null, request.params.reference);
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .type('application/pdf')
        .send(Buffer.from(file.bytes));
    },
  );
}
