import {
  sellerRegistrationMessages as m,
  sellerCompaniesQuery,
  sellerCompaniesResponse,
  sellerLogoMaxBytes,
  sellerRegistrationData,
  sellerRegistrationResponse,
} from '@tibay/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { depsOf } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { jsonField, readMultipart } from '../../http/multipart.ts';
import { parseOrRefuse } from '../../http/validation.ts';
import * as service from './seller-registration.service.ts';

/** Public: the mother company choices and the registration itself (spec 3 §7). No account is needed. */
export async function sellerRegistrationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = depsOf(app);
  const tags = ['seller registration'];

  app.get(
    '/seller-companies',
    { schema: { tags, querystring: sellerCompaniesQuery, response: { 200: sellerCompaniesResponse } } },
    async (request) => service.companyChoices(deps, request.query),
  );

  app.post(
    '/seller-registrations',
    { schema: { tags, response: { 201: sellerRegistrationResponse } } },
    async (request, reply) => {
      const form = await readMultipart(request, {
        fields: ['data'],
        files: ['sellerLogo'],
        notMultipart: new HttpError('VALIDATION', m.logoRequired, { sellerLogo: m.logoRequired }),
        tooLarge: m.logoTooLarge,
        maxFileBytes: sellerLogoMaxBytes,
      });
      const invalid = new HttpError('VALIDATION', 'Please send the registration data.', { data: 'Invalid data.' });
      const data = parseOrRefuse(sellerRegistrationData, jsonField(form.fields.data, invalid));
      return reply.status(201).send(await service.register(deps, data, form.files.sellerLogo));
    },
  );
}
