import type {
  forgotPasswordRequest,
  loginRequest,
  loginResponse,
  qrCreateResponse,
  qrStatusResponse,
  registerRequest,
  resendVerificationRequest,
  resetPasswordRequest,
  successMessage,
  verifyEmailRequest,
} from '@tibay/contract';
import { defineEndpoint, schema } from '../endpoint.ts';

/** Accounts, sessions, the customer's own data, agents and the public config (docs/api.md). */
export const register = defineEndpoint({
  method: 'POST',
  path: '/auth/register',
  body: schema<typeof registerRequest>(),
  response: schema<typeof successMessage>(),
});
export const login = defineEndpoint({
  method: 'POST',
  path: '/auth/login',
  body: schema<typeof loginRequest>(),
  response: schema<typeof loginResponse>(),
});
export const verifyEmail = defineEndpoint({
  method: 'POST',
  path: '/auth/verify-email',
  body: schema<typeof verifyEmailRequest>(),
  response: schema<typeof successMessage>(),
});
export const resendVerification = defineEndpoint({
  method: 'POST',
  path: '/auth/resend-verification',
  body: schema<typeof resendVerificationRequest>(),
  response: schema<typeof successMessage>(),
});
export const forgotPassword = defineEndpoint({
  method: 'POST',
  path: '/auth/forgot-password',
  body: schema<typeof forgotPasswordRequest>(),
  response: schema<typeof successMessage>(),
});
export const resetPassword = defineEndpoint({
  method: 'POST',
  path: '/auth/reset-password',
  body: schema<typeof resetPasswordRequest>(),
  response: schema<typeof successMessage>(),
});
export const createQr = defineEndpoint({
  method: 'POST',
  path: '/auth/qr',
  response: schema<typeof qrCreateResponse>(),
});
export const qrStatus = defineEndpoint({
  method: 'GET',
  path: '/auth/qr/:qrToken',
  response: schema<typeof qrStatusResponse>(),
});
export const approveQr = defineEndpoint({
  method: 'POST',
  path: '/auth/qr/:qrToken/approve',
  response: schema<typeof successMessage>(),
});
