import type { LoginRequest, RegisterRequest } from '@tibay/contract';
import { call } from '../../lib/endpoint.ts';
import * as authEndpoints from '../../lib/endpoints/auth.ts';
import * as meEndpoints from '../../lib/endpoints/me.ts';

export const authKeys = {
  verifyEmail: (token: string) => ['verify-email', token] as const,
};

export function register(body: RegisterRequest) {
  return call(authEndpoints.register, { body, token: null });
}

export function login(body: LoginRequest) {
  return call(authEndpoints.login, { body, token: null });
}

/** The customer-data call: who the token belongs to. */
export function fetchSessionInfo(token: string) {
  return call(meEndpoints.get, { token });
}

export function verifyEmail(token: string) {
  return call(authEndpoints.verifyEmail, { body: { token }, token: null });
}

export function resendVerification(email: string) {
  return call(authEndpoints.resendVerification, { body: { email }, token: null });
}

export function forgotPassword(email: string) {
  return call(authEndpoints.forgotPassword, { body: { email }, token: null });
}

export function resetPassword(body: { token: string; newPassword: string; confirmPassword: string }) {
  return call(authEndpoints.resetPassword, { body, token: null });
}

export function generateLoginQr() {
  return call(authEndpoints.createQr, { token: null });
}

export function qrCheckStatus(qrToken: string, signal?: AbortSignal) {
  return call(authEndpoints.qrStatus, { params: { qrToken }, token: null, signal });
}
