import { messages, type QrRequestResponse, type QrStatusResponse } from '@tibay/contract';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { SESSION_HOURS, type SessionDevice } from '../../plugins/auth.ts';
import { userById } from './accounts.repository.ts';
import { newSecret, sha256 } from './email-tokens.ts';
import { approveQrCode, claimApprovedQr, denyQrCode, insertQrCode, qrCodeByHash } from './sessions.repository.ts';
import { sessionFor } from './sessions.service.ts';
import { describeDevice } from './sessions.ts';

export const QR_LIFETIME_SECONDS = 120;
/** An approved code may still be collected this long after it expires (the poll runs every second). */
const COLLECT_GRACE_MS = 30_000;

/** generateLoginQr: a new code for the login screen's QR view. */
export async function createQr(deps: Pick<Deps, 'db'>, device: SessionDevice) {
  const { token, hash } = newSecret();
  const expiresAt = new Date(Date.now() + QR_LIFETIME_SECONDS * 1000);
  await insertQrCode(deps.db, { tokenHash: hash, expiresAt, userAgent: device.userAgent, ip: device.ip });
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
  if (code.deniedAt) return failure(messages.qrDenied);
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
  throw refusalFor(code);
}

/** Why a code can no longer be approved or denied. */
function refusalFor(code: Awaited<ReturnType<typeof qrCodeByHash>>): HttpError {
  if (!code) return new HttpError('NOT_FOUND', messages.qrInvalid);
  if (code.deniedAt) return new HttpError('CONFLICT', messages.qrDenied);
  if (code.approvedAt) return new HttpError('CONFLICT', messages.qrUsed);
  return new HttpError('BUSINESS_RULE', messages.qrExpired);
}

/** "Log in on the other device?": what is known of the device that shows the code (browser, time). */
export async function qrRequest(deps: Pick<Deps, 'db'>, qrToken: string): Promise<QrRequestResponse> {
  const code = await qrCodeByHash(deps.db, sha256(qrToken));
  if (!code || code.approvedAt || code.deniedAt || code.expiresAt.getTime() <= Date.now()) throw refusalFor(code);
  const { browser, device } = describeDevice(code.userAgent);
  return { browser, device, requestedAt: code.createdAt.toISOString(), expiresAt: code.expiresAt.toISOString() };
}

/** The signed-in device refuses the sign-in: the code ends and the login screen says so. */
export async function denyQr(deps: Pick<Deps, 'db'>, qrToken: string) {
  const hash = sha256(qrToken);
  if (await denyQrCode(deps.db, hash)) return { success: true as const, message: messages.qrDeniedDone };
  throw refusalFor(await qrCodeByHash(deps.db, hash));
}
