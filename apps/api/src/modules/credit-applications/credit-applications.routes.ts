import {
  type CreditFileKind,
  creditApplication,
  creditApplicationMessages,
  creditDateLimitList,
  creditFileFields,
  creditFileKinds,
  creditForm1,
  creditForm2,
  creditLimitList,
  messages,
  placesQuery,
  placesResponse,
  rpafResponse,
  rpafSubmissionRequest,
  rpafSubmissionResponse,
} from '@tibay/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { depsOf } from '../../deps.ts';
import { customerId } from '../../http/customer.ts';
import { HttpError } from '../../http/http-error.ts';
import { readMultipart } from '../../http/multipart.ts';
import { parseOrRefuse } from '../../http/validation.ts';
import * as service from './credit-applications.service.ts';

/** Reads an upload of application files: only the named file fields, each within 3 MB. */
async function readFiles(request: FastifyRequest, fields: readonly CreditFileKind[]) {
  const form = await readMultipart(request, {
    fields: [],
    files: fields,
    notMultipart: new HttpError('VALIDATION', creditApplicationMessages.filesError),
    tooLarge: messages.fileOverLimit,
  });
  return form.files as Partial<Record<CreditFileKind, Buffer>>;
}

/**
 * A step's body (rpafForm1Request / rpafForm2Request) as the route takes it: the form itself is parsed apart, so
 * its field errors are named by the form's own fields ("bankEmail", not "form_2.bankEmail").
 */
const stepBody = <Name extends 'form_1' | 'form_2'>(name: Name) =>
  z
    .object({ draft: z.boolean().optional() })
    .extend({ [name]: z.record(z.string(), z.unknown()) } as Record<Name, z.ZodRecord<z.ZodString, z.ZodUnknown>>)
    .strict();

/**
 * The buyer's BuildCredit application (spec 3 §2.2, §7: the option lists, submission 1 and 2, files of step 2
 * and 3, the final submission). Buyers only (an agent acting for a buyer applies for them).
 */
export async function creditApplicationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = depsOf(app);
  const tags = ['credit'];
  const buyers = app.requireAuth(['buyer']);
  const noStore = { 'cache-control': 'no-store' };

  app.get('/rpaf/credit-limits', { schema: { tags, response: { 200: creditLimitList } } }, async () =>
    service.creditLimitList(),
  );
  app.get('/rpaf/credit-date-limits', { schema: { tags, response: { 200: creditDateLimitList } } }, async () =>
    service.creditDateLimitList(),
  );
  app.get(
    '/rpaf/places',
    { schema: { tags, querystring: placesQuery, response: { 200: placesResponse } } },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=86400');
      return service.places(request.query);
    },
  );

  app.get(
    '/rpaf',
    { schema: { tags, response: { 200: rpafResponse } }, preHandler: buyers },
    async (request, reply) => {
      reply.headers(noStore);
      return service.applicationFor(deps, customerId(request));
    },
  );

  app.post(
    '/rpaf/submission-1',
    { schema: { tags, body: stepBody('form_1'), response: { 200: creditApplication } }, preHandler: buyers },
    async (request) =>
      service.saveForm1(deps, customerId(request), {
        draft: request.body.draft ?? false,
        form_1: parseOrRefuse(creditForm1, request.body.form_1),
      }),
  );
  app.post(
    '/rpaf/submission-2',
    { schema: { tags, body: stepBody('form_2'), response: { 200: creditApplication } }, preHandler: buyers },
    async (request) =>
      service.saveForm2(deps, customerId(request), {
        draft: request.body.draft ?? false,
        form_2: parseOrRefuse(creditForm2, request.body.form_2),
      }),
  );
  app.post(
    '/rpaf/files',
    { schema: { tags, consumes: ['multipart/form-data'], response: { 200: creditApplication } }, preHandler: buyers },
    async (request) => service.saveFiles(deps, customerId(request), await readFiles(request, creditFileFields)),
  );
  app.post(
    '/rpaf/signature',
    { schema: { tags, consumes: ['multipart/form-data'], response: { 200: creditApplication } }, preHandler: buyers },
    async (request) => service.saveFiles(deps, customerId(request), await readFiles(request, ['applicantSignature'])),
  );
  app.post(
    '/rpaf/submission',
    { schema: { tags, body: rpafSubmissionRequest, response: { 200: rpafSubmissionResponse } }, preHandler: buyers },
    async (request) => service.submission(deps, customerId(request), request.body),
  );

  // The files are private: only the applicant (or an agent acting for them) reads them here.
  app.get(
    '/rpaf/files/:field',
    { schema: { tags, params: z.object({ field: z.enum(creditFileKinds) }) }, preHandler: buyers },
    async (request, reply) => {
      const file = await service.ownFile(deps, customerId(request), request.params.field);
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'inline')
        .type(file.contentType)
        .send(file.bytes);
    },
  );
}
