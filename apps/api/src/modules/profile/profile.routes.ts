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
import type { z } from 'zod';
import { HttpError } from '../../lib/http-error.ts';
import { ownSessionUser, sessionUser } from '../accounts/accounts.routes.ts';
import * as service from './profile.service.ts';

const fileFields = { client_facial_verification: 'face', client_signature: 'signature' } as const;

/** Reads the complete-profile multipart body: `data` (JSON) and the two image files. */
async function readProfileForm(request: FastifyRequest) {
  if (!request.isMultipart()) throw new HttpError('VALIDATION', 'Please send the profile as a form with its images.');
  let raw: string | null = null;
  const images: service.ProfileImages = { face: null, signature: null };
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (part.fieldname !== 'data') throw new HttpError('VALIDATION', `Unexpected field: ${part.fieldname}.`);
      raw = String(part.value);
      continue;
    }
    const slot = fileFields[part.fieldname as keyof typeof fileFields];
    if (!slot) {
      await part.toBuffer().catch(() => undefined);
      throw new HttpError('VALIDATION', `Unexpected file: ${part.fieldname}.`);
    }
    images[slot] = await part.toBuffer();
  }
  let json: unknown;
  try {
    json = raw === null ? {} : JSON.parse(raw);
  } catch {
    throw new HttpError('VALIDATION', 'The profile data is not valid JSON.');
  }
  const parsed = completeProfileData.safeParse(json);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
    throw new HttpError('VALIDATION', Object.values(fields)[0] ?? 'Invalid request.', fields);
  }
  return { data: parsed.data as z.output<typeof completeProfileData>, images };
}

export async function profileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['profile'];
  const customers = app.requireAuth(['buyer', 'agent']);

  app.get(
    '/me/profile',
    { schema: { tags, response: { 200: profileResponse } }, preHandler: customers },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const profile = await service.profileOf(app.db, sessionUser(request).id);
      if (!profile) throw new HttpError('NOT_FOUND', messages.notFound);
      return { success: true as const, customerDetail: profile };
    },
  );

  // The delivery address: the customer's own, or the customer's an agent acts for (audited by the auth plugin).
  app.put(
    '/me/address',
    { schema: { tags, body: updateAddressRequest, response: { 200: updateAddressResponse } }, preHandler: customers },
    async (request) => service.changeAddress(app.db, sessionUser(request).id, request.body),
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
      return service.completeProfile(app, user.id, data, images);
    },
  );

  app.get(
    '/agents',
    { schema: { tags, querystring: agentsQuery, response: { 200: agentsResponse } }, preHandler: customers },
    async (request) => service.listAgents(app.db, request.query.q),
  );
}
