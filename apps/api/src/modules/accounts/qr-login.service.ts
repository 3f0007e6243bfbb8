import { messages, type QrStatusResponse } from '@tibay/contract';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { SESSION_HOURS, type SessionDevice } from '../../plugins/auth.ts';
import { userById } from './accounts.repository.ts';
import { newSecret, sha256 } from './email-tokens.ts';
import { approveQrCode, claimApprovedQr, insertQrCode, qrCodeByHash } from './sessions.repository.ts';
import { sessionFor } from './sessions.service.ts';

export const QR_LIFETIME_SECONDS = 120;
/** An approved code may still be collected this long after it expires (the poll runs every second). */
const COLLECT_GRACE_MS = 30_000;

/** generateLoginQr: a new code for the login screen's QR view. */
export async function createQr(deps: Pick<Deps, 'db'>) {
  const { token, hash } = newSecret();
  const expiresAt = new Date(Date.now() + QR_LIFETIME_SECONDS * 1000);
  await insertQrCode(deps.db, hash, expiresAt);
  return { qrToken: token, expiresAt: expiresAt.toISOString() };
}

const failure = (message: string): QrStatusResponse => ({ success: false, authenticated: false, message });

/** qrCheckStatus: waiting, failed (unknown, expired, used) or, once, authenticated with the approver's session. */
export async function qrStatus(
  deps: Pick<Deps, 'db' | 'sessions'>,
  qrToken: string,
  device: SessionDevice,
): Promise<QrStatusResponse> {
  const code = await qrCodeByHash(deps.db, sha256(qrToken));
  if (!code) return failure(messages.qrInvalid);
  if (code.consumedAt) return failure(messages.qrUsed);
  const now = Date.now();
  if (!code.approvedAt) {
    if (code.expiresAt.getTime() <= now) return failure(messages.qrExpired);
    return { success: true, authenticated: false, message: messages.qrWaiting };
  }
  if (code.expiresAt.getTime() + COLLECT_GRACE_MS <= now) return failure(messages.qrExpired);
  // Exactly once: only the poll that flips consumed_at receives the session.
  const approverId = await claimApprovedQr(deps.db, code.id);
  if (!approverId) return failure(messages.qrUsed);
  const user = await userById(deps.db, approverId);
  if (!user) return failure(messages.qrInvalid);
  const session = await sessionFor(deps, user, SESSION_HOURS * 3_600, device);
  const { rpafDetail, ...rest } = session;
  return { success: true, authenticated: true, ...rest, buildCredit: rpafDetail, message: messages.loginSuccess };
}

/** A signed-in device (the mobile app) approves a code it scanned. */
export async function approveQr(deps: Pick<Deps, 'db'>, qrToken: string, userId: number) {
  const hash = sha256(qrToken);
  if (await approveQrCode(deps.db, hash, userId)) return { success: true as const, message: messages.qrApproved };
  const code = await qrCodeByHash(deps.db, hash);
  if (!code) throw new HttpError('NOT_FOUND', messages.qrInvalid);
  if (code.approvedAt) throw new HttpError('CONFLICT', messages.qrUsed);
  throw new HttpError('BUSINESS_RULE', messages.qrExpired);
}
