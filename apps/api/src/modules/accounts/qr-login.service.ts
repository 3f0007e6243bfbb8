import { messages, type QrStatusResponse } from '@tibay/contract';
import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { loginQrCodes, users } from '../../db/schema/index.ts';
import { HttpError } from '../../http/http-error.ts';
import { SESSION_HOURS, type SessionDevice } from '../../plugins/auth.ts';
import { newSecret, sha256 } from './email-tokens.ts';
import { sessionFor } from './sessions.ts';

export const QR_LIFETIME_SECONDS = 120;
/** An approved code may still be collected this long after it expires (the poll runs every second). */
const COLLECT_GRACE_MS = 30_000;

/** generateLoginQr: a new code for the login screen's QR view. */
export async function createQr(app: FastifyInstance) {
  const { token, hash } = newSecret();
  const expiresAt = new Date(Date.now() + QR_LIFETIME_SECONDS * 1000);
  await app.db.insert(loginQrCodes).values({ tokenHash: hash, expiresAt });
  return { qrToken: token, expiresAt: expiresAt.toISOString() };
}

const failure = (message: string): QrStatusResponse => ({ success: false, authenticated: false, message });

/** qrCheckStatus: waiting, failed (unknown, expired, used) or, once, authenticated with the approver's session. */
export async function qrStatus(
  app: FastifyInstance,
  qrToken: string,
  device: SessionDevice,
): Promise<QrStatusResponse> {
  const [code] = await app.db
    .select()
    .from(loginQrCodes)
    .where(eq(loginQrCodes.tokenHash, sha256(qrToken)));
  if (!code) return failure(messages.qrInvalid);
  if (code.consumedAt) return failure(messages.qrUsed);
  const now = Date.now();
  if (!code.approvedAt) {
    if (code.expiresAt.getTime() <= now) return failure(messages.qrExpired);
    return { success: true, authenticated: false, message: messages.qrWaiting };
  }
  if (code.expiresAt.getTime() + COLLECT_GRACE_MS <= now) return failure(messages.qrExpired);
  // Exactly once: only the poll that flips consumed_at receives the session.
  const [claimed] = await app.db
    .update(loginQrCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(loginQrCodes.id, code.id), isNull(loginQrCodes.consumedAt), isNotNull(loginQrCodes.approvedByUserId)))
    .returning({ userId: loginQrCodes.approvedByUserId });
  if (!claimed?.userId) return failure(messages.qrUsed);
  const [user] = await app.db.select().from(users).where(eq(users.id, claimed.userId));
  if (!user) return failure(messages.qrInvalid);
  const session = await sessionFor(app, user, SESSION_HOURS * 3_600, device);
  const { rpafDetail, ...rest } = session;
  return { success: true, authenticated: true, ...rest, buildCredit: rpafDetail, message: messages.loginSuccess };
}

/** A signed-in device (the mobile app) approves a code it scanned. */
export async function approveQr(app: FastifyInstance, qrToken: string, userId: number) {
  const hash = sha256(qrToken);
  const [approved] = await app.db
    .update(loginQrCodes)
    .set({ approvedByUserId: userId, approvedAt: new Date() })
    .where(
      and(eq(loginQrCodes.tokenHash, hash), isNull(loginQrCodes.approvedAt), gt(loginQrCodes.expiresAt, new Date())),
    )
    .returning({ id: loginQrCodes.id });
  if (approved) return { success: true as const, message: messages.qrApproved };
  const [code] = await app.db.select().from(loginQrCodes).where(eq(loginQrCodes.tokenHash, hash));
  if (!code) throw new HttpError('NOT_FOUND', messages.qrInvalid);
  if (code.approvedAt) throw new HttpError('CONFLICT', messages.qrUsed);
  throw new HttpError('BUSINESS_RULE', messages.qrExpired);
}
