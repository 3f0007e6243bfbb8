import {
  agentCustomersQuery,
  agentCustomersResponse,
  agentsQuery,
  agentsResponse,
  appConfig,
  buildCreditSummary,
  completeProfileResponse,
  endSessionsResponse,
  forgotPasswordRequest,
  impersonateRequest,
  impersonateResponse,
  loginRequest,
  loginResponse,
  outboxResponse,
  profileResponse,
  qrCreateResponse,
  qrStatusResponse,
  registerRequest,
  resendVerificationRequest,
  resetPasswordRequest,
  sessionInfo,
  signedInSessionsResponse,
  successMessage,
  updateAddressRequest,
  updateAddressResponse,
  verifyEmailRequest,
} from '@tibay/contract';
import { defineEndpoint, multipart } from '../endpoint.ts';

/** Accounts, sessions, the customer's own data, agents and the public config (docs/api.md). */
export const auth = {
  register: defineEndpoint({ method: 'POST', path: '/auth/register', body: registerRequest, response: successMessage }),
  login: defineEndpoint({ method: 'POST', path: '/auth/login', body: loginRequest, response: loginResponse }),
  verifyEmail: defineEndpoint({
    method: 'POST',
    path: '/auth/verify-email',
    body: verifyEmailRequest,
    response: successMessage,
  }),
  resendVerification: defineEndpoint({
    method: 'POST',
    path: '/auth/resend-verification',
    body: resendVerificationRequest,
    response: successMessage,
  }),
  forgotPassword: defineEndpoint({
    method: 'POST',
    path: '/auth/forgot-password',
    body: forgotPasswordRequest,
    response: successMessage,
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/auth/reset-password',
    body: resetPasswordRequest,
    response: successMessage,
  }),
  createQr: defineEndpoint({ method: 'POST', path: '/auth/qr', response: qrCreateResponse }),
  qrStatus: defineEndpoint({ method: 'GET', path: '/auth/qr/:qrToken', response: qrStatusResponse }),
  approveQr: defineEndpoint({ method: 'POST', path: '/auth/qr/:qrToken/approve', response: successMessage }),
};

export const me = {
  /** customerData: who the token belongs to. */
  get: defineEndpoint({ method: 'GET', path: '/me', response: sessionInfo }),
  saveAddress: defineEndpoint({
    method: 'PUT',
    path: '/me/address',
    body: updateAddressRequest,
    response: updateAddressResponse,
  }),
  profile: defineEndpoint({ method: 'GET', path: '/me/profile', response: profileResponse }),
  /** Multipart: data (JSON), client_facial_verification and client_signature (PNG). */
  completeProfile: defineEndpoint({
    method: 'POST',
    path: '/me/profile',
    body: multipart,
    response: completeProfileResponse,
  }),
  sessions: defineEndpoint({ method: 'GET', path: '/me/sessions', response: signedInSessionsResponse }),
  endSession: defineEndpoint({ method: 'DELETE', path: '/me/sessions/:id', response: endSessionsResponse }),
  endOtherSessions: defineEndpoint({ method: 'POST', path: '/me/sessions/end-others', response: endSessionsResponse }),
  buildCredit: defineEndpoint({ method: 'GET', path: '/credit/buildcredit', response: buildCreditSummary }),
};

export const agents = {
  /** Agents by name for the Buyer's agent selector (complete profile). */
  list: defineEndpoint({ method: 'GET', path: '/agents', query: agentsQuery, response: agentsResponse }),
  customers: defineEndpoint({
    method: 'GET',
    path: '/agent/customers',
    query: agentCustomersQuery,
    response: agentCustomersResponse,
  }),
  impersonate: defineEndpoint({
    method: 'POST',
    path: '/agent/impersonate',
    body: impersonateRequest,
    response: impersonateResponse,
  }),
  endImpersonation: defineEndpoint({ method: 'POST', path: '/agent/impersonation/end', response: successMessage }),
};

export const site = {
  config: defineEndpoint({ method: 'GET', path: '/config', response: appConfig }),
  devOutbox: defineEndpoint({ method: 'GET', path: '/dev/outbox', response: outboxResponse }),
};
