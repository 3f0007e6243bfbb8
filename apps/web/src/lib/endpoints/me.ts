import type {
  buildCreditSummary,
  completeProfileResponse,
  endSessionsResponse,
  profileResponse,
  profileUpdateResponse,
  sessionInfo,
  signedInSessionsResponse,
  updateAddressRequest,
  updateAddressResponse,
} from '@tibay/contract';
import { defineEndpoint, multipart, type Schema, schema } from '../endpoint.ts';

/** customerData: who the token belongs to. */
export const get = defineEndpoint({ method: 'GET', path: '/me', response: schema<typeof sessionInfo>() });
export const saveAddress = defineEndpoint({
  method: 'PUT',
  path: '/me/address',
  body: schema<typeof updateAddressRequest>(),
  response: schema<typeof updateAddressResponse>(),
});
export const profile = defineEndpoint({
  method: 'GET',
  path: '/me/profile',
  response: schema<typeof profileResponse>(),
});
/** Multipart: data (JSON), client_facial_verification and client_signature (PNG). */
export const completeProfile = defineEndpoint({
  method: 'POST',
  path: '/me/profile',
  body: multipart,
  response: schema<typeof completeProfileResponse>(),
});
/** The profile page's SAVE. Multipart: data (JSON) and any new client_facial_verification, client_signature, file_2303. */
export const updateProfile = defineEndpoint({
  method: 'PUT',
  path: '/me/profile',
  body: multipart,
  response: schema<typeof profileUpdateResponse>(),
});
/**
 * The face capture, signature or BIR 2303 as a file, not JSON: `call()` reads JSON answers only, so the profile
 * feature fetches this path (pathOf) itself, with the bearer token, and reads the answer as a blob.
 */
export const profileFile = defineEndpoint({
  method: 'GET',
  path: '/me/profile/files/:kind',
  response: schema<Schema<Blob>>(),
});
export const sessions = defineEndpoint({
  method: 'GET',
  path: '/me/sessions',
  response: schema<typeof signedInSessionsResponse>(),
});
export const endSession = defineEndpoint({
  method: 'DELETE',
  path: '/me/sessions/:id',
  response: schema<typeof endSessionsResponse>(),
});
export const endOtherSessions = defineEndpoint({
  method: 'POST',
  path: '/me/sessions/end-others',
  response: schema<typeof endSessionsResponse>(),
});
export const buildCredit = defineEndpoint({
  method: 'GET',
  path: '/credit/buildcredit',
  response: schema<typeof buildCreditSummary>(),
});
