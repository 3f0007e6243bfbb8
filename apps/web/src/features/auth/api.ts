import type { LoginRequest, RegisterRequest } from '@tibay/contract';
import { call } from '../../lib/endpoint.ts';
import { endpoints } from '../../lib/endpoints/index.ts';

export const authKeys = {
  verifyEmail: (token: string) => ['verify-email', token] as const,
};

export function register(body: RegisterRequest) {
  return call(endpoints.auth.register, { body, token: null });
}

export function login(body: LoginRequest) {
  return call(endpoints.auth.login, { body, token: null });
}

/** The customer-data call: who the token belongs to. */
export function fetchSessionInfo(token: string) {
  return call(endpoints.me.get, { token });
}

export function verifyEmail(token: string) {
  return call(endpoints.auth.verifyEmail, { body: { token }, token: null });
}

export function resendVerification(email: string) {
  return call(endpoints.auth.resendVerification, { body: { email }, token: null });
}

export function forgotPassword(email: string) {
  return call(endpoints.auth.forgotPassword, { body: { email }, token: null });
}

export function resetPassword(body: { token: string; newPassword: string; confirmPassword: string }) {
  return call(endpoints.auth.resetPassword, { body, token: null });
}

export function generateLoginQr() {
  return call(endpoints.auth.createQr, { token: null });
}

export function qrCheckStatus(qrToken: string, signal?: AbortSignal) {
  return call(endpoints.auth.qrStatus, { params: { qrToken }, token: null, signal });
}

/** Called by a signed-in device that scanned the code. */
export function approveLoginQr(qrToken: string) {
  return call(endpoints.auth.approveQr, { params: { qrToken } });
}
