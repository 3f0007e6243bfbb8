/**
 * What every payment gateway adapter is (types and errors only: the adapters import this file, and the factory that
 * chooses one lives in gateways.ts, so nothing imports back).
 */

/** What the checkout asks a gateway for: a hosted page where the buyer pays one checkout. */
export interface GatewaySessionInput {
  paymentId: number;
  checkoutId: number;
  /** Centavos. */
  amount: number;
  description: string;
  /** The order reference(s) the buyer sees. */
  reference: string;
  method: 'card' | 'online';
  /** The online channel (gcash, paymaya, grab_pay, ...) or null. */
  channel: string | null;
  billing: { name: string; email: string; phone: string | null; address?: string };
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
}

export interface GatewaySession {
  /** The gateway's id for the session; stored as payments.provider_reference. */
  sessionId: string;
  /** The hosted page the buyer opens. */
  paymentUrl: string;
}

/** The four ends of a gateway session, and events we acknowledge but do not act on. */
export type WebhookOutcome = 'paid' | 'failed' | 'cancelled' | 'expired' | 'ignored';

export interface WebhookEvent {
  /** The gateway's event id: each is processed once. */
  id: string;
  type: string;
  outcome: WebhookOutcome;
  /** The session the event is about (payments.provider_reference), when the event names one. */
  sessionId: string | null;
  /** Our payments.id, when the event carries it instead of a session (PayMongo payment.failed metadata). */
  paymentId?: number | null;
  /** Centavos, when the event states an amount. */
  amount: number | null;
  payload: unknown;
}

/** A webhook refused before anything is read: 401 for a missing or wrong signature, 400 for a stale or bad one. */
export class WebhookRejectedError extends Error {
  constructor(
    readonly statusCode: 400 | 401,
    message: string,
  ) {
    super(message);
  }
}

/** The gateway could not start a payment (unreachable, refused, unexpected answer). */
export class GatewayUnavailableError extends Error {}

export interface PaymentGateway {
  /** payments.provider: 'sandbox' | 'paymongo'. */
  readonly provider: 'sandbox' | 'paymongo';
  createSession(input: GatewaySessionInput): Promise<GatewaySession>;
  /**
   * Checks the signature of a webhook on its raw body and its timestamp against `now`, then reads the event.
   * Throws WebhookRejectedError when the webhook must not be trusted.
   */
  verifyWebhook(headers: Record<string, string | string[] | undefined>, rawBody: Buffer, now: Date): WebhookEvent;
  /** Closes a session at the gateway so it can no longer be paid (after our payment window passed). */
  expireSession?(sessionId: string): Promise<void>;
}
