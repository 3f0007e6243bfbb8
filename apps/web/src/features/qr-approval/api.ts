import { useQuery } from '@tanstack/react-query';
import type { QrRequestResponse } from '@tibay/contract';
import { api } from '../../lib/api.ts';

/** The QR approval's API calls: what asks to sign in, Approve, Deny (the calls the mobile app's scanner makes). */

const path = (qrToken: string, action: 'request' | 'approve' | 'deny') =>
  `/auth/qr/${encodeURIComponent(qrToken)}/${action}`;

export function useQrRequest(qrToken: string) {
  return useQuery({
    queryKey: ['qr-request', qrToken],
    queryFn: ({ signal }) => api<QrRequestResponse>(path(qrToken, 'request'), { signal }),
    retry: false,
  });
}

export function approveQr(qrToken: string) {
  return api<{ success: true; message: string }>(path(qrToken, 'approve'), { method: 'POST' });
}

export function denyQr(qrToken: string) {
  return api<{ success: true; message: string }>(path(qrToken, 'deny'), { method: 'POST' });
}
