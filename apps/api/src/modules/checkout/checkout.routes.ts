import {
  checkoutPreviewRequest,
  checkoutPreviewResponse,
  checkoutResult,
  errorBody,
  idempotencyKey,
  messages,
  placeOrderRequest,
  shippingQuotesRequest,
  shippingQuotesResponse,
  suggestedVouchersResponse,
  voucherCheckRequest,
  voucherCheckResponse,
} from '@tibay/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { depsOf } from '../../deps.ts';
import { customerId } from '../../http/customer.ts';
import { HttpError } from '../../http/http-error.ts';
import { jsonField, readMultipart } from '../../http/multipart.ts';
import { parseOrRefuse } from '../../http/validation.ts';
import * as service from './checkout.service.ts';
import { type PlaceOrderFiles, placeOrder } from './place-order.ts';
import * as voucherService from './vouchers.service.ts';

/** Reads POST /checkout's multipart body: the `data` JSON field and the two optional image files. */
async function readPlaceOrder(request: FastifyRequest) {
  const form = await readMultipart(request, {
    fields: ['data'],
    files: ['proof_of_payment', 'po_attachment'],
    notMultipart: new HttpError('UNSUPPORTED_MEDIA_TYPE', 'Send the order as multipart/form-data.'),
    tooLarge: messages.imageTooLarge,
  });
  const missing = new HttpError('VALIDATION', messages.checkoutDataMissing, { data: messages.checkoutDataMissing });
  const json = jsonField(form.fields.data, missing);
  // An empty file input counts as no file.
  const given = (bytes: Buffer | undefined) => (bytes && bytes.length > 0 ? bytes : undefined);
  const files: PlaceOrderFiles = {
    proofOfPayment: given(form.files.proof_of_payment),
    purchaseOrder: given(form.files.po_attachment),
  };
  return { input: parseOrRefuse(placeOrderRequest, json, { root: 'data' }), files };
}

export async function checkoutRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { ...depsOf(app), dbKind: app.dbKind };
  const tags = ['checkout'];
  const customers = app.requireAuth(['buyer', 'agent']);

  app.post(
    '/checkout/shipping-quotes',
    {
      schema: { tags, body: shippingQuotesRequest, response: { 200: shippingQuotesResponse } },
      preValidation: customers,
    },
    async (request) => service.shippingQuotes(deps, customerId(request), request.body),
  );

  app.post(
    '/checkout/preview',
    {
      schema: { tags, body: checkoutPreviewRequest, response: { 200: checkoutPreviewResponse } },
      preValidation: customers,
    },
    async (request) => service.preview(deps, customerId(request), request.body),
  );

  app.get(
    '/vouchers/suggested',
    { schema: { tags, response: { 200: suggestedVouchersResponse } }, preValidation: customers },
    async (request) => voucherService.suggested(deps, customerId(request)),
  );

  app.post(
    '/vouchers/check',
    {
      schema: { tags, body: voucherCheckRequest, response: { 200: voucherCheckResponse } },
      preValidation: customers,
      // A voucher code is a secret someone could guess: the tight limit.
      config: { writeLimit: 'guess' },
    },
    async (request) => voucherService.check(deps, customerId(request), request.body),
  );

  app.post(
    '/checkout',
    {
      schema: {
        tags,
        description:
          'multipart/form-data: `data` (JSON of placeOrderRequest), `proof_of_payment` (image, Bank Transfer), ' +
          '`po_attachment` (optional image). Header Idempotency-Key.',
        headers: z.object({ 'idempotency-key': z.string().optional() }).passthrough(),
        response: { 200: checkoutResult, 502: errorBody },
      },
      preValidation: customers,
    },
    async (request, reply) => {
      const key = idempotencyKey.safeParse(request.headers['idempotency-key']);
      if (!key.success) {
        throw new HttpError('VALIDATION', messages.idempotencyKeyRequired, {
          'Idempotency-Key': messages.idempotencyKeyRequired,
        });
      }
      const user = request.user!;
      const { input, files } = await readPlaceOrder(request);
      const answer = await placeOrder(deps, user, key.data, input, files);
      return reply.status(answer.status as 200).send(answer.body as never);
    },
  );
}
