import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { orders, paymentEvents, payments } from '../../db/schema/index.ts';
import { createGateway, type PaymentGateway, type WebhookEvent } from './gateway.ts';
import { recordLatePayment, settlePaid, settleUnpaid, type UnpaidOrderStatus } from './settlement.ts';

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
  app: FastifyInstance,
  input: StartGatewayPaymentInput,
  gateway: PaymentGateway = createGateway(app.config, app.db),
): Promise<{ paymentUrl: string; providerReference: string; expiresAt: Date }> {
  const [window] = await app.db
    .select({ expiresAt: sql<Date | string | null>`min(${orders.paymentExpiresAt})` })
    .from(orders)
    .where(eq(orders.checkoutId, input.checkoutId));
  const expiresAt = window?.expiresAt
    ? new Date(window.expiresAt)
    : new Date(Date.now() + app.config.PAYMENT_EXPIRY_MINUTES * 60_000);
  const session = await gateway.createSession({ ...input, expiresAt });
  await app.db
    .update(payments)
    .set({
      provider: gateway.provider,
      providerReference: session.sessionId,
      paymentUrl: session.paymentUrl,
      expiresAt,
      updatedAt: new Date(),
    })
    .where(eq(payments.id, input.paymentId));
  return { paymentUrl: session.paymentUrl, providerReference: session.sessionId, expiresAt };
}

const unpaidStatusOf: Record<'failed' | 'cancelled' | 'expired', UnpaidOrderStatus> = {
  failed: 'Payment Failed',
  cancelled: 'Cancelled',
  expired: 'Payment Expired',
};

export interface WebhookResult {
  received: true;
  result: 'settled' | 'unchanged' | 'duplicate' | 'ignored';
  detail?: string;
  /** Set when this event paid a checkout (its buyer is told after the commit). Not sent to the gateway. */
  paidCheckoutId?: number;
  /** Set when this event paid a checkout that had already ended (its buyer is told a refund is coming). */
  refundDueCheckoutId?: number;
}

/**
 * Processes one verified event exactly once: the event row (ON CONFLICT DO NOTHING on provider + event id) and the
 * settlement it causes commit together, so a replayed or concurrent duplicate changes nothing. Events for a
 * session we do not know, or with an amount that differs from the payment's, are recorded and acknowledged
 * (gateways retry anything but 2xx, and a retry would not make them valid) but change no order.
 */
export async function processWebhookEvent(
  db: Db,
  provider: PaymentGateway['provider'],
  event: WebhookEvent,
  log: FastifyBaseLogger,
): Promise<WebhookResult> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(paymentEvents)
      .values({ provider, eventId: event.id, type: event.type, payload: event.payload as object })
      .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
      .returning({ id: paymentEvents.id });
    if (inserted.length === 0) return { received: true, result: 'duplicate' };
    if (event.outcome === 'ignored') return { received: true, result: 'ignored', detail: 'event type not used' };

    const where = event.sessionId
      ? and(eq(payments.provider, provider), eq(payments.providerReference, event.sessionId))
      : event.paymentId
        ? and(eq(payments.provider, provider), eq(payments.id, event.paymentId))
        : null;
    const [payment] = where
      ? await tx
          .select({ id: payments.id, checkoutId: payments.checkoutId, amount: payments.amount })
          .from(payments)
          .where(where)
      : [];
    if (!payment) {
      log.warn({ provider, eventId: event.id, sessionId: event.sessionId }, 'payment webhook for an unknown session');
      return { received: true, result: 'ignored', detail: 'unknown session' };
    }
    const note = `${provider} ${event.type} (${event.id})`;
    if (event.outcome === 'paid') {
      if (event.amount !== null && event.amount !== payment.amount) {
        log.error(
          { provider, eventId: event.id, paymentId: payment.id, expected: payment.amount, got: event.amount },
          'paid webhook amount differs from the payment: left for an administrator',
        );
        return { received: true, result: 'ignored', detail: 'amount mismatch' };
      }
      if (await settlePaid(tx, payment.checkoutId, note)) {
        return { received: true, result: 'settled', paidCheckoutId: payment.checkoutId };
      }
      // Paid after the orders ended: the buyer is owed the money back (an administrator refunds it).
      if (await recordLatePayment(tx, payment.checkoutId)) {
        log.error({ provider, eventId: event.id, paymentId: payment.id }, 'paid after the orders ended: refund due');
        return { received: true, result: 'settled', detail: 'refund due', refundDueCheckoutId: payment.checkoutId };
      }
      log.warn({ provider, eventId: event.id, paymentId: payment.id }, 'paid webhook for a settled payment');
      return { received: true, result: 'unchanged' };
    }
    const changed = await settleUnpaid(tx, payment.checkoutId, unpaidStatusOf[event.outcome], note);
    return { received: true, result: changed ? 'settled' : 'unchanged' };
  });
}

/**
 * After our payment window closed some checkouts, closes their sessions at the gateway too (PayMongo's hosted page
 * would otherwise still take a payment for orders that no longer hold stock). Failures are logged, not thrown:
 * a payment that still comes is recorded as a refund due (recordLatePayment, decision 0007).
 */
export async function closeExpiredSessions(
  app: FastifyInstance,
  checkoutIds: number[],
  gateway: PaymentGateway = createGateway(app.config, app.db),
): Promise<void> {
  if (checkoutIds.length === 0 || !gateway.expireSession) return;
  const rows = await app.db
    .select({ sessionId: payments.providerReference })
    .from(payments)
    .where(
      and(
        inArray(payments.checkoutId, checkoutIds),
        eq(payments.provider, gateway.provider),
        eq(payments.status, 'expired'),
        isNotNull(payments.providerReference),
      ),
    );
  for (const row of rows) {
    try {
      await gateway.expireSession(row.sessionId!);
    } catch (error) {
      app.log.warn({ err: error, sessionId: row.sessionId }, 'could not expire the gateway session');
    }
  }
}
