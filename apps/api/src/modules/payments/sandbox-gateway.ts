import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  type GatewaySession,
  type GatewaySessionInput,
  type PaymentGateway,
  type WebhookEvent,
  WebhookRejectedError,
} from './gateway.ts';
import { insertSandboxSession, sandboxSessionPayload } from './payments.repository.ts';
import { hmacHex, verifySignature } from './signatures.ts';

/**
 * The sandbox gateway: a hosted page served by this API at /sandbox-gateway/<session id> (see
 * sandbox-page.routes.ts) that behaves like a real gateway — the buyer pays, fails, cancels or lets the session
 * expire, and the gateway posts a signed, timestamped webhook back to /api/v1/payments/webhooks/sandbox.
 *
 * A real gateway keeps its sessions in its own storage. The sandbox keeps each session (amount, reference,
 * return addresses) as a 'sandbox-session' row of payment_events, so it survives restarts without a table of its
 * own; the session id is 24 random bytes (unguessable), and the only key to the page.
 */

export const sandboxSessionProvider = 'sandbox-session';
export const sandboxSignatureHeader = 'sandbox-signature';
export const sandboxEventTypes = ['payment.paid', 'payment.failed', 'payment.cancelled', 'payment.expired'] as const;
export type SandboxEventType = (typeof sandboxEventTypes)[number];

export const sandboxSession = z.object({
  session_id: z.string(),
  payment_id: z.number().int(),
  checkout_id: z.number().int(),
  amount: z.number().int(),
  description: z.string(),
  reference: z.string(),
  method: z.string(),
  channel: z.string().nullable(),
  billing_name: z.string(),
  success_url: z.string(),
  cancel_url: z.string(),
  expires_at: z.string(),
});
export type SandboxSession = z.infer<typeof sandboxSession>;

const sandboxEvent = z.object({
  id: z.string().min(1).max(200),
  type: z.enum(sandboxEventTypes),
  created: z.number().int().optional(),
  data: z.object({
    session_id: z.string().min(1).max(200),
    reference: z.string().max(500),
    amount: z.number().int(),
  }),
});

const outcomeOf: Record<SandboxEventType, WebhookEvent['outcome']> = {
  'payment.paid': 'paid',
  'payment.failed': 'failed',
  'payment.cancelled': 'cancelled',
  'payment.expired': 'expired',
};

export interface SandboxGatewayOptions {
  db: Db;
  publicUrl: string;
  secret: string;
  toleranceSeconds: number;
}

export class SandboxGateway implements PaymentGateway {
  readonly provider = 'sandbox' as const;

  constructor(private readonly options: SandboxGatewayOptions) {}

  async createSession(input: GatewaySessionInput): Promise<GatewaySession> {
    const sessionId = `sbx_${randomBytes(24).toString('base64url')}`;
    const session: SandboxSession = {
      session_id: sessionId,
      payment_id: input.paymentId,
      checkout_id: input.checkoutId,
      amount: input.amount,
      description: input.description,
      reference: input.reference,
      method: input.method,
      channel: input.channel,
      billing_name: input.billing.name,
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      expires_at: input.expiresAt.toISOString(),
    };
    await insertSandboxSession(this.options.db, sandboxSessionProvider, sessionId, session);
    return { sessionId, paymentUrl: `${this.options.publicUrl.replace(/\/$/, '')}/sandbox-gateway/${sessionId}` };
  }

  verifyWebhook(headers: Record<string, string | string[] | undefined>, rawBody: Buffer, now: Date): WebhookEvent {
    verifySignature({
      header: headers[sandboxSignatureHeader],
      headerName: 'Sandbox-Signature',
      scheme: 'v1',
      secret: this.options.secret,
      rawBody,
      now,
      toleranceSeconds: this.options.toleranceSeconds,
    });
    let json: unknown;
    try {
      json = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new WebhookRejectedError(400, 'The webhook body is not JSON.');
    }
    const parsed = sandboxEvent.safeParse(json);
    if (!parsed.success) throw new WebhookRejectedError(400, 'The webhook event is not understood.');
    const event = parsed.data;
    return {
      id: event.id,
      type: event.type,
      outcome: outcomeOf[event.type],
      sessionId: event.data.session_id,
      amount: event.data.amount,
      payload: event,
    };
  }
}

/** Reads a sandbox session by id (null when there is none). */
export async function findSandboxSession(db: Db, sessionId: string): Promise<SandboxSession | null> {
  if (!/^sbx_[A-Za-z0-9_-]{32}$/.test(sessionId)) return null;
  const parsed = sandboxSession.safeParse(await sandboxSessionPayload(db, sandboxSessionProvider, sessionId));
  return parsed.success ? parsed.data : null;
}

/** The body and headers the sandbox gateway sends for one event, signed as a real gateway would. */
export function signedSandboxWebhook(
  secret: string,
  session: Pick<SandboxSession, 'session_id' | 'reference' | 'amount'>,
  type: SandboxEventType,
  now: Date = new Date(),
): { body: string; headers: Record<string, string> } {
  const t = Math.floor(now.getTime() / 1000);
  const body = JSON.stringify({
    id: `evt_${randomBytes(16).toString('hex')}`,
    type,
    created: t,
    data: { session_id: session.session_id, reference: session.reference, amount: session.amount },
  });
  return {
    body,
    headers: { 'content-type': 'application/json', 'sandbox-signature': `t=${t},v1=${hmacHex(secret, t, body)}` },
  };
}
