import {
  agentsQuery,
  agentsResponse,
  completeProfileData,
  completeProfileResponse,
  messages,
  profileResponse,
  updateAddressRequest,
  updateAddressResponse,
} from '@tibay/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { depsOf } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { jsonField, readMultipart } from '../../http/multipart.ts';
import { parseOrRefuse } from '../../http/validation.ts';
import { ownSessionUser, sessionUser } from '../accounts/index.ts';
import * as service from './profile.service.ts';

/** Reads the complete-profile multipart body: `data` (JSON) and the two image files. */
async function readProfileForm(request: FastifyRequest) {
  const form = await readMultipart(request, {
    fields: ['data'],
    files: ['client_facial_verification', 'client_signature'],
    notMultipart: new HttpError('VALIDATION', 'Please send the profile as a form with its images.'),
    tooLarge: 'The file is too large.',
  });
  const json = jsonField(form.fields.data, new HttpError('VALIDATION', 'The profile data is not valid JSON.'), {});
  const images: service.ProfileImages = {
    face: form.files.client_facial_verification ?? null,
    signature: form.files.client_signature ?? null,
  };
  return { data: parseOrRefuse(completeProfileData, json), images };
}

export async function profileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = depsOf(app);
  const tags = ['profile'];
  const customers = app.requireAuth(['buyer', 'agent']);

  app.get(
    '/me/profile',
    { schema: { tags, response: { 200: profileResponse } }, preHandler: customers },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const profile = await service.profileOf(deps, sessionUser(request).id);
      if (!profile) throw new HttpError('NOT_FOUND', messages.notFound);
      return { success: true as const, customerDetail: profile };
    },
  );

  // The delivery address: the customer's own, or the customer's an agent acts for (audited by the auth plugin).
  app.put(
    '/me/address',
    { schema: { tags, body: updateAddressRequest, response: { 200: updateAddressResponse } }, preHandler: customers },
    async (request) => service.changeAddress(deps, sessionUser(request).id, request.body),
  );

  // Complete profile: the face and signature must be the account holder's own, so not while an agent acts for them.
  app.post(
    '/me/profile',
    {
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: completeProfileResponse } },
      preHandler: customers,
    },
    async (request) => {
      const user = ownSessionUser(request);
      const { data, images } = await readProfileForm(request);
      return service.completeProfile(deps, user.id, data, images);
    },
  );

  app.get(
    '/agents',
    { schema: { tags, querystring: agentsQuery, response: { 200: agentsResponse } }, preHandler: customers },
    async (request) => service.listAgents(deps, request.query.q),
  );
}
