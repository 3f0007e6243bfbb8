import type { LoginRequest, LoginResponse, QrStatusResponse, RegisterRequest, SessionInfo } from '@tibay/contract';
import { api } from '../../../lib/api.ts';

/** The answer of calls that only report an outcome. */
export interface Outcome {
  success: boolean;
  message: string;
}

export function register(body: RegisterRequest) {
  return api<Outcome>('/auth/register', { method: 'POST', body, token: null });
}

export function login(body: LoginRequest) {
  return api<LoginResponse>('/auth/login', { method: 'POST', body, token: null });
}

/** The customer-data call: who the token belongs to. */
export function fetchSessionInfo(token: string) {
  return api<SessionInfo>('/me', { token });
}

export function verifyEmail(token: string) {
  return api<Outcome>('/auth/verify-email', { method: 'POST', body: { token }, token: null });
}

export function resendVerification(email: string) {
  return api<Outcome>('/auth/resend-verification', { method: 'POST', body: { email }, token: null });
}

export function forgotPassword(email: string) {
  return api<Outcome>('/auth/forgot-password', { method: 'POST', body: { email }, token: null });
}

export function resetPassword(body: { token: string; newPassword: string; confirmPassword: string }) {
  return api<Outcome>('/auth/reset-password', { method: 'POST', body, token: null });
}

export interface LoginQr {
  qrToken: string;
  expiresAt: string;
}

export type QrStatus = QrStatusResponse;

export function generateLoginQr() {
  return api<LoginQr>('/auth/qr', { method: 'POST', token: null });
}

export function qrCheckStatus(qrToken: string, signal?: AbortSignal) {
  return api<QrStatus>(`/auth/qr/${encodeURIComponent(qrToken)}`, { token: null, signal });
}

/** Called by a signed-in device that scanned the code. */
export function approveLoginQr(qrToken: string) {
  return api<Outcome>(`/auth/qr/${encodeURIComponent(qrToken)}/approve`, { method: 'POST' });
}
