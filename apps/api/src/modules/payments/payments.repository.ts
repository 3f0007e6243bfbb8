import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { orders, paymentEvents, payments } from '../../db/schema/index.ts';
import type { Conn } from '../../db/sql.ts';
import type { PaymentGateway, WebhookEvent } from './gateway.ts';

/** The payments module's SQL: payment rows, their sessions at the gateway, and the gateways' events. */

/** The earliest payment window of the checkout's orders (null when they have none). */
export async function paymentWindowOf(conn: Conn, checkoutId: number): Promise<Date | null> {
  const [window] = await conn
    .select({ expiresAt: sql<Date | string | null>`min(${orders.paymentExpiresAt})` })
    .from(orders)
    .where(eq(orders.checkoutId, checkoutId));
  return window?.expiresAt ? new Date(window.expiresAt) : null;
}

/** Records the session opened at the gateway on the payment. */
export async function recordSession(
  conn: Conn,
  paymentId: number,
  session: { provider: PaymentGateway['provider']; sessionId: string; paymentUrl: string; expiresAt: Date },
) {
  await conn
    .update(payments)
    .set({
      provider: session.provider,
      providerReference: session.sessionId,
      paymentUrl: session.paymentUrl,
      expiresAt: session.expiresAt,
      updatedAt: new Date(),
    })
    .where(eq(payments.id, paymentId));
}

/** Records a gateway's event once: false when the provider's event id was already recorded. */
export async function recordEvent(tx: Tx, provider: PaymentGateway['provider'], event: WebhookEvent) {
  const inserted = await tx
    .insert(paymentEvents)
    .values({ provider, eventId: event.id, type: event.type, payload: event.payload as object })
    .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
    .returning({ id: paymentEvents.id });
  return inserted.length > 0;
}

/** The payment an event is about: by its session, else by our payment id (null when neither is known). */
export async function paymentOfEvent(tx: Tx, provider: PaymentGateway['provider'], event: WebhookEvent) {
  const where = event.sessionId
    ? and(eq(payments.provider, provider), eq(payments.providerReference, event.sessionId))
    : event.paymentId
      ? and(eq(payments.provider, provider), eq(payments.id, event.paymentId))
      : null;
  if (!where) return null;
  const [payment] = await tx
    .select({ id: payments.id, checkoutId: payments.checkoutId, amount: payments.amount })
    .from(payments)
    .where(where);
  return payment ?? null;
}

/** The gateway sessions of expired payments of these checkouts. */
export async function expiredSessions(conn: Conn, provider: PaymentGateway['provider'], checkoutIds: number[]) {
  const found = await conn
    .select({ sessionId: payments.providerReference })
    .from(payments)
    .where(
      and(
        inArray(payments.checkoutId, checkoutIds),
        eq(payments.provider, provider),
        eq(payments.status, 'expired'),
        isNotNull(payments.providerReference),
      ),
    );
  return found.map((row) => row.sessionId!);
}

/** The status of the sandbox payment a session belongs to (null when none). */
export async function sandboxPaymentStatus(conn: Conn, sessionId: string): Promise<string | null> {
  const [row] = await conn
    .select({ status: payments.status })
    .from(payments)
    .where(and(eq(payments.provider, 'sandbox'), eq(payments.providerReference, sessionId)));
  return row?.status ?? null;
}

// The sandbox gateway's sessions, kept as payment_events rows (sandbox-gateway.ts) ---------------------------------

/** Stores a sandbox session under its id (provider: the sandbox's session marker). */
export async function insertSandboxSession(conn: Conn, provider: string, sessionId: string, session: unknown) {
  await conn.insert(paymentEvents).values({ provider, eventId: sessionId, type: 'session.created', payload: session });
}

/** The stored sandbox session's payload (undefined when there is none). */
export async function sandboxSessionPayload(conn: Conn, provider: string, sessionId: string): Promise<unknown> {
  const [row] = await conn
    .select({ payload: paymentEvents.payload })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, sessionId)));
  return row?.payload;
}
