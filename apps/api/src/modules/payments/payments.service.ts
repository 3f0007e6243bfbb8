import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { settleRepaymentFromGateway } from '../credit-repayments/index.ts';
import { afterSettlement, type Settlement, settleCheckout } from '../orders/index.ts';
import { type PaymentGateway, type WebhookEvent, WebhookRejectedError } from './gateway.ts';
import { expiredSessions, paymentOfEvent, paymentWindowOf, recordEvent, recordSession } from './payments.repository.ts';

export interface StartGatewayPaymentInput {
  paymentId: number;
  checkoutId: number;
  amount: number;
  description: string;
  reference: string;
  method: 'card' | 'online';
  channel: string | null;
  billing: { name: string; email: string; phone: string | null; address?: string };
  successUrl: string;
  cancelUrl: string;
}

/**
 * Opens a session at the configured gateway for a checkout's pending payment (called after the checkout's
 * transaction commits) and records it on the payments row: provider, provider_reference (the session id),
 * payment_url and expires_at. The session expires with the orders' payment window (payment_expires_at), or
 * PAYMENT_EXPIRY_MINUTES from now when the orders have none. Throws GatewayUnavailableError when the gateway
 * fails; the caller shows messages.paymentGatewayError and settles the checkout unpaid.
 */
export async function startGatewayPayment(
  deps: Pick<Deps, 'db' | 'config' | 'paymentGateway'>,
  input: StartGatewayPaymentInput,
  gateway: PaymentGateway = deps.paymentGateway,
): Promise<{ paymentUrl: string; providerReference: string; expiresAt: Date }> {
  const window = await paymentWindowOf(deps.db, input.checkoutId);
  const expiresAt = window ?? new Date(Date.now() + deps.config.PAYMENT_EXPIRY_MINUTES * 60_000);
  const session = await gateway.createSession({ ...input, expiresAt });
  await recordSession(deps.db, input.paymentId, { provider: gateway.provider, ...session, expiresAt });
  return { paymentUrl: session.paymentUrl, providerReference: session.sessionId, expiresAt };
}

export interface WebhookResult {
  received: true;
  result: 'settled' | 'unchanged' | 'duplicate' | 'ignored';
  detail?: string;
  /** What the orders' settlement changed for which checkout (its effects follow the commit). Not sent. */
  settled?: { checkoutId: number; settlement: Settlement };
}

/**
 * Processes one verified event exactly once: the event row (ON CONFLICT DO NOTHING on provider + event id) and the
 * settlement it asks of the orders commit together, so a replayed or concurrent duplicate changes nothing. Events
 * for a session we do not know, or with an amount that differs from the payment's, are recorded and acknowledged
 * (gateways retry anything but 2xx, and a retry would not make them valid) but change no order.
 */
export async function processWebhookEvent(
  deps: Pick<Deps, 'db' | 'log'>,
  provider: PaymentGateway['provider'],
  event: WebhookEvent,
): Promise<WebhookResult> {
  const log = deps.log;
  return deps.db.transaction(async (tx) => {
    if (!(await recordEvent(tx, provider, event))) return { received: true, result: 'duplicate' };
    if (event.outcome === 'ignored') return { received: true, result: 'ignored', detail: 'event type not used' };
    const payment = await paymentOfEvent(tx, provider, event);
    if (!payment) {
      // A BuildCredit repayment's session (decision 0039): settled by the credit-repayments module, same transaction.
      const repaid = await settleRepaymentFromGateway(tx, provider, event);
      if (repaid) return { received: true, result: repaid };
      log.warn({ provider, eventId: event.id, sessionId: event.sessionId }, 'payment webhook for an unknown session');
      return { received: true, result: 'ignored', detail: 'unknown session' };
    }
    const about = { provider, eventId: event.id, paymentId: payment.id };
    if (event.outcome === 'paid' && event.amount !== null && event.amount !== payment.amount) {
      log.error(
        { ...about, expected: payment.amount, got: event.amount },
        'paid webhook amount differs from the payment: left for an administrator',
      );
      return { received: true, result: 'ignored', detail: 'amount mismatch' };
    }
    const note = `${provider} ${event.type} (${event.id})`;
    const settlement = await settleCheckout(tx, payment.checkoutId, event.outcome, note);
    const settled = { checkoutId: payment.checkoutId, settlement };
    if (settlement === 'refund due') {
      log.error(about, 'paid after the orders ended: refund due');
      return { received: true, result: 'settled', detail: 'refund due', settled };
    }
    if (settlement === 'unchanged' && event.outcome === 'paid') log.warn(about, 'paid webhook for a settled payment');
    return { received: true, result: settlement === 'unchanged' ? 'unchanged' : 'settled', settled };
  });
}

/**
 * A gateway's webhook: its signature checked on the raw body (401 unsigned or wrongly signed, 400 stale or
 * unreadable — nothing changes), the event processed once, then the settlement's effects (mails, bookings).
 */
export async function receiveWebhook(
  deps: Pick<Deps, 'db' | 'config' | 'mailer' | 'log' | 'couriers'>,
  gateway: PaymentGateway | null,
  headers: Record<string, string | string[] | undefined>,
  raw: Buffer,
) {
  if (!gateway) throw new HttpError('NOT_FOUND', 'This gateway is not configured.');
  let event: WebhookEvent;
  try {
    event = gateway.verifyWebhook(headers, raw, new Date());
  } catch (error) {
    if (error instanceof WebhookRejectedError) {
      deps.log.warn({ provider: gateway.provider, reason: error.message }, 'payment webhook rejected');
      throw new HttpError(error.statusCode === 401 ? 'UNAUTHENTICATED' : 'VALIDATION', error.message);
    }
    throw error;
  }
  const { settled, ...answer } = await processWebhookEvent(deps, gateway.provider, event);
  if (settled) await afterSettlement(deps, settled.checkoutId, settled.settlement);
  return answer;
}

/**
 * After our payment window closed some checkouts, closes their sessions at the gateway too (PayMongo's hosted page
 * would otherwise still take a payment for orders that no longer hold stock). Failures are logged, not thrown:
 * a payment that still comes is recorded as a refund due (recordLatePayment, decision 0007).
 */
export async function closeExpiredSessions(
  deps: Pick<Deps, 'db' | 'log' | 'paymentGateway'>,
  checkoutIds: number[],
  gateway: PaymentGateway = deps.paymentGateway,
): Promise<void> {
  if (checkoutIds.length === 0 || !gateway.expireSession) return;
  for (const sessionId of await expiredSessions(deps.db, gateway.provider, checkoutIds)) {
    try {
      await gateway.expireSession(sessionId);
    } catch (error) {
      deps.log.warn({ err: error, sessionId }, 'could not expire the gateway session');
    }
  }
}
