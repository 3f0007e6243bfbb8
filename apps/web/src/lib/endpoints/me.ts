import type {
  buildCreditSummary,
  completeProfileResponse,
  endSessionsResponse,
  profileResponse,
  sessionInfo,
  signedInSessionsResponse,
  updateAddressRequest,
  updateAddressResponse,
} from '@tibay/contract';
import { defineEndpoint, multipart, schema } from '../endpoint.ts';

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
