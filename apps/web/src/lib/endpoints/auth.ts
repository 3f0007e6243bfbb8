import type {
  changePasswordRequest,
  changePasswordResponse,
  forgotPasswordRequest,
  loginRequest,
  loginResponse,
  qrCreateResponse,
  qrRequestResponse,
  qrStatusResponse,
  registerRequest,
  resendVerificationRequest,
  resetPasswordRequest,
  socialConfigResponse,
  socialLinkLoginRequest,
  socialLinksResponse,
  socialTokenRequest,
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
/** Other sessions end; this one continues with the returned token. */
export const changePassword = defineEndpoint({
  method: 'POST',
  path: '/auth/change-password',
  body: schema<typeof changePasswordRequest>(),
  response: schema<typeof changePasswordResponse>(),
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
/** What a signed-in device that scanned a login QR code is asked to approve or deny. */
export const qrRequest = defineEndpoint({
  method: 'GET',
  path: '/auth/qr/:qrToken/request',
  response: schema<typeof qrRequestResponse>(),
});
export const denyQr = defineEndpoint({
  method: 'POST',
  path: '/auth/qr/:qrToken/deny',
  response: schema<typeof successMessage>(),
});
/** Which social providers are set up (Google, Facebook). */
export const socialConfig = defineEndpoint({
  method: 'GET',
  path: '/auth/social',
  response: schema<typeof socialConfigResponse>(),
});
export const socialRegister = defineEndpoint({
  method: 'POST',
  path: '/auth/social/:provider/register',
  body: schema<typeof socialTokenRequest>(),
  response: schema<typeof successMessage>(),
});
export const socialLogin = defineEndpoint({
  method: 'POST',
  path: '/auth/social/:provider/login',
  body: schema<typeof socialTokenRequest>(),
  response: schema<typeof loginResponse>(),
});
/** The login's second step when the provider's email has an account: its password links the provider. */
export const socialLinkLogin = defineEndpoint({
  method: 'POST',
  path: '/auth/social/:provider/link-login',
  body: schema<typeof socialLinkLoginRequest>(),
  response: schema<typeof loginResponse>(),
});
/** The signed-in user's sign-in methods (profile page): list, link, unlink. */
export const socialLinks = defineEndpoint({
  method: 'GET',
  path: '/me/social-links',
  response: schema<typeof socialLinksResponse>(),
});
export const linkSocial = defineEndpoint({
  method: 'POST',
  path: '/me/social-links/:provider',
  body: schema<typeof socialTokenRequest>(),
  response: schema<typeof socialLinksResponse>(),
});
export const unlinkSocial = defineEndpoint({
  method: 'DELETE',
  path: '/me/social-links/:provider',
  response: schema<typeof socialLinksResponse>(),
});
