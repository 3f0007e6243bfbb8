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
import { type Couriers, createCouriers } from '../../lib/couriers/index.ts';
import { HttpError } from '../../lib/http-error.ts';
import * as service from './checkout.service.ts';
import { type PlaceOrderFiles, placeOrder } from './place-order.ts';
import * as voucherService from './vouchers.service.ts';

export interface CheckoutRoutesOptions {
  /** Tests pass couriers (e.g. real adapters against a local fake); the app builds them from its config. */
  couriers?: Couriers;
}

function customerId(request: FastifyRequest): number {
  if (!request.user) throw new HttpError('UNAUTHENTICATED', messages.unauthenticated);
  return request.user.id;
}

const fileFields = { proof_of_payment: 'proofOfPayment', po_attachment: 'purchaseOrder' } as const;

/** Reads POST /checkout's multipart body: the `data` JSON field and the two optional image files. */
async function readPlaceOrder(request: FastifyRequest) {
  if (!request.isMultipart()) {
    throw new HttpError('UNSUPPORTED_MEDIA_TYPE', 'Send the order as multipart/form-data.');
  }
  let data: string | null = null;
  const files: PlaceOrderFiles = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const target = fileFields[part.fieldname as keyof typeof fileFields];
      const bytes = await part.toBuffer();
      if (!target)
        throw new HttpError('VALIDATION', 'Unknown file field.', { [part.fieldname]: 'Unknown file field.' });
      if (part.file.truncated) throw new HttpError('PAYLOAD_TOO_LARGE', messages.imageTooLarge);
      if (bytes.length > 0) files[target] = bytes;
    } else if (part.fieldname === 'data') {
      data = String(part.value);
    } else {
      throw new HttpError('VALIDATION', 'Unknown field.', { [part.fieldname]: 'Unknown field.' });
    }
  }
  let json: unknown;
  try {
    json = JSON.parse(data ?? '');
  } catch {
    throw new HttpError('VALIDATION', messages.checkoutDataMissing, { data: messages.checkoutDataMissing });
  }
  const parsed = placeOrderRequest.safeParse(json);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.') || (issue.code === 'unrecognized_keys' ? issue.keys.join(',') : '') || 'data';
      fields[key] ??= issue.message;
    }
    throw new HttpError('VALIDATION', Object.values(fields)[0] ?? 'Invalid request.', fields);
  }
  return { input: parsed.data, files };
}

export async function checkoutRoutes(fastify: FastifyInstance, options: CheckoutRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const couriers = options.couriers ?? createCouriers(app.config);
  const tags = ['checkout'];
  const customers = app.requireAuth(['buyer', 'agent']);

  app.post(
    '/checkout/shipping-quotes',
    {
      schema: { tags, body: shippingQuotesRequest, response: { 200: shippingQuotesResponse } },
      preValidation: customers,
    },
    async (request) => service.shippingQuotes(app.db, couriers, customerId(request), request.body),
  );

  app.post(
    '/checkout/preview',
    {
      schema: { tags, body: checkoutPreviewRequest, response: { 200: checkoutPreviewResponse } },
      preValidation: customers,
    },
    async (request) => service.preview(app.db, couriers, customerId(request), request.body),
  );

  app.get(
    '/vouchers/suggested',
    { schema: { tags, response: { 200: suggestedVouchersResponse } }, preValidation: customers },
    async (request) => voucherService.suggested(app.db, customerId(request)),
  );

  app.post(
    '/vouchers/check',
    {
      schema: { tags, body: voucherCheckRequest, response: { 200: voucherCheckResponse } },
      preValidation: customers,
      // A voucher code is a secret someone could guess: the tight limit.
      config: { writeLimit: 'guess' },
    },
    async (request) => voucherService.check(app.db, customerId(request), request.body),
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
      const answer = await placeOrder(app, couriers, user, key.data, input, files);
      return reply.status(answer.status as 200).send(answer.body as never);
    },
  );
}
