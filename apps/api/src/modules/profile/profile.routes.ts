import {
  agentsQuery,
  agentsResponse,
  completeProfileData,
  completeProfileResponse,
  messages,
  profileFileKinds,
  profileResponse,
  profileUpdateData,
  profileUpdateResponse,
  updateAddressRequest,
  updateAddressResponse,
} from '@tibay/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { depsOf } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { jsonField, readMultipart } from '../../http/multipart.ts';
import { parseOrRefuse } from '../../http/validation.ts';
import { ownSessionUser, sessionUser } from '../accounts/index.ts';
import * as service from './profile.service.ts';
import * as page from './profile-page.service.ts';

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

/** Reads the profile page's multipart body: `data` (JSON) and the optional face, signature and BIR 2303 files. */
async function readProfilePageForm(request: FastifyRequest) {
  const form = await readMultipart(request, {
    fields: ['data'],
    files: ['client_facial_verification', 'client_signature', 'file_2303'],
    notMultipart: new HttpError('VALIDATION', 'Please send the profile as a form with its files.'),
    tooLarge: messages.fileOverLimit,
  });
  const json = jsonField(form.fields.data, new HttpError('VALIDATION', 'The profile data is not valid JSON.'), {});
  // An empty file part means "no new file".
  const file = (name: string) => (form.files[name]?.length ? (form.files[name] ?? null) : null);
  const files: page.ProfileFiles = {
    face: file('client_facial_verification'),
    signature: file('client_signature'),
    bir2303: file('file_2303'),
  };
  return { data: parseOrRefuse(profileUpdateData, json), files };
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

  // The profile page's SAVE: the customer's own, or the customer's an agent acts for (audited by the auth plugin).
  app.put(
    '/me/profile',
    {
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: profileUpdateResponse } },
      preHandler: customers,
    },
    async (request, reply) => {
      const user = sessionUser(request);
      const { data, files } = await readProfilePageForm(request);
      reply.header('cache-control', 'no-store');
      return page.updateProfile(deps, { userId: user.id, actingAgentId: user.actingAgentId }, data, files);
    },
  );

  // The face capture, signature and BIR 2303 are private: only their owner (or an agent acting for them) reads them.
  app.get(
    '/me/profile/files/:kind',
    { schema: { tags, params: z.object({ kind: z.enum(profileFileKinds) }) }, preHandler: customers },
    async (request, reply) => {
      const file = await page.profileFile(deps, sessionUser(request).id, request.params.kind);
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'inline')
        .type(file.contentType)
        .send(file.bytes);
    },
  );

  app.get(
    '/agents',
    { schema: { tags, querystring: agentsQuery, response: { 200: agentsResponse } }, preHandler: customers },
    async (request) => service.listAgents(deps, request.query.q),
  );
}
