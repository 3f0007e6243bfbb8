import type { LoginResponse, QrStatusResponse } from '@tibay/contract';
import { storeLogin } from '../../lib/session.ts';
import { fetchSessionInfo } from './api.ts';

/** Login succeeded: read the customer data with the new token, then store tokens and user (spec 1 §7). */
export async function completeLogin(response: LoginResponse) {
  const { user } = await fetchSessionInfo(response.token);
  storeLogin(response, user);
}

/** The expiry time written in a session token (its `exp` claim), or a day from now if it cannot be read. */
function tokenExpiry(token: string): string {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: number }).exp;
    if (typeof exp === 'number') return new Date(exp * 1000).toISOString();
  } catch {
    // fall through
  }
  return new Date(Date.now() + 24 * 3600 * 1000).toISOString();
}

/** QR login succeeded: the status answer carries the session; the stored user comes from the customer data. */
export async function completeQrLogin(status: QrStatusResponse & { token: string }) {
  const { user } = await fetchSessionInfo(status.token);
  const response: LoginResponse = {
    success: true,
    token: status.token,
    expiresAt: status.expiresAt ?? tokenExpiry(status.token),
    id: status.id ?? user.id,
    name: status.name ?? `${user.first_name} ${user.last_name}`,
    account_type: status.account_type ?? user.account_type,
    rpafDetail: status.buildCredit ?? null,
    message: status.message,
  };
  storeLogin(response, user);
}
