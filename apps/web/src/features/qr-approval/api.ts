import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/endpoint.ts';
import * as authEndpoints from '../../lib/endpoints/auth.ts';

/** The QR approval's API calls: what asks to sign in, Approve, Deny (the calls the mobile app's scanner makes). */

export const qrApprovalKeys = {
  request: (qrToken: string) => ['qr-request', qrToken] as const,
};

export function useQrRequest(qrToken: string) {
  return useQuery({
    queryKey: qrApprovalKeys.request(qrToken),
    queryFn: ({ signal }) => call(authEndpoints.qrRequest, { params: { qrToken }, signal }),
    retry: false,
  });
}

export function approveQr(qrToken: string) {
  return call(authEndpoints.approveQr, { params: { qrToken } });
}

export function denyQr(qrToken: string) {
  return call(authEndpoints.denyQr, { params: { qrToken } });
}
