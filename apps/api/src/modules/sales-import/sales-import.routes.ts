import {
  idempotencyKey,
  importLimits,
  messages,
  salesImportMessages,
  salesImportResult,
  salesImportSubmission,
  salesImportVerifyFields,
  salesImportVerifyResult,
} from '@tibay/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { depsOf } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { jsonField, readMultipart } from '../../http/multipart.ts';
import { parseOrRefuse } from '../../http/validation.ts';
import { adminAct } from '../admin/index.ts';
import * as service from './sales-import.service.ts';

const tags = ['admin-sales-import'];

/** The import form: the file and its text fields. A file over the limit is refused while it streams in. */
function readImportForm(request: FastifyRequest, fields: string[]) {
  return readMultipart(request, {
    fields,
    files: ['file'],
    notMultipart: new HttpError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data.'),
    tooLarge: salesImportMessages.tooLarge,
    maxFileBytes: importLimits.maxBytes,
  });
}

/** Sales order import (spec 3 §2.4 /sales-import-orders; decision 0042): administrators only. */
export async function salesImportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = depsOf(app);
  const preHandler = app.requireAdmin;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/admin/sales-import/verify',
    {
      schema: {
        tags,
        description: 'multipart/form-data: `file` (xlsx or CSV, the template columns) and `sellerID`. Changes nothing.',
        response: { 200: salesImportVerifyResult },
      },
      preHandler,
    },
    async (request) => {
      const form = await readImportForm(request, ['sellerID']);
      const { sellerID } = parseOrRefuse(salesImportVerifyFields, { sellerID: form.fields.sellerID ?? '' });
      return service.verify(deps, form.files.file, sellerID);
    },
  );

  app.post(
    '/admin/sales-import/orders',
    {
      schema: {
        tags,
        description:
          'multipart/form-data: `file` (the verified file again) and `data` (JSON of salesImportSubmission). ' +
          'Header Idempotency-Key: the same import sent twice is one order.',
        headers: z.object({ 'idempotency-key': z.string().optional() }).passthrough(),
        response: { 200: salesImportResult },
      },
      preHandler,
    },
    async (request) => {
      const key = idempotencyKey.safeParse(request.headers['idempotency-key']);
      if (!key.success) {
        throw new HttpError('VALIDATION', messages.idempotencyKeyRequired, {
          'Idempotency-Key': messages.idempotencyKeyRequired,
        });
      }
      const form = await readImportForm(request, ['data']);
      const missing = new HttpError('VALIDATION', messages.checkoutDataMissing, { data: messages.checkoutDataMissing });
      const input = parseOrRefuse(salesImportSubmission, jsonField(form.fields.data, missing), { root: 'data' });
      return service.importOrder(deps, adminAct(request), key.data, form.files.file, input);
    },
  );
}
