import { and, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import { orderEvents, orders, payments } from '../../db/schema/index.ts';
import type { Conn } from '../../db/sql.ts';

/** The SQL of a gateway checkout's settlement (settlement.ts); every write is guarded by the state it moves from. */

type OrderStatus = (typeof orders.$inferSelect)['status'];
type PaymentStatus = (typeof payments.$inferSelect)['status'];

/** The checkout's pending payment becomes 'paid'; answers the payments it changed. */
export async function markPendingPaymentPaid(conn: Conn, checkoutId: number, now: Date) {
  return conn
    .update(payments)
    .set({ status: 'paid', paidAt: now, updatedAt: now })
    .where(and(eq(payments.checkoutId, checkoutId), eq(payments.status, 'pending')))
    .returning({ id: payments.id });
}

/** The checkout's Pending orders become Verified; answers the orders it changed. */
export async function verifyPendingOrders(conn: Conn, checkoutId: number, now: Date) {
  return conn
    .update(orders)
    .set({ status: 'Verified', verifiedAt: now, updatedAt: now })
    .where(and(eq(orders.checkoutId, checkoutId), eq(orders.status, 'Pending')))
    .returning({ id: orders.id });
}

/** One event per order, all with the same status and note. */
export async function insertOrderEvents(
  conn: Conn,
  orderIds: number[],
  status: OrderStatus,
  note: string,
): Promise<void> {
  await conn.insert(orderEvents).values(orderIds.map((orderId) => ({ orderId, status, note })));
}

/** A payment that had ended (failed, cancelled, expired) becomes 'refund_due' with its paid_at; answers the changed. */
export async function markEndedPaymentRefundDue(conn: Conn, checkoutId: number, now: Date) {
  return conn
    .update(payments)
    .set({ status: 'refund_due', paidAt: now, updatedAt: now })
    .where(and(eq(payments.checkoutId, checkoutId), inArray(payments.status, ['failed', 'cancelled', 'expired'])))
    .returning({ id: payments.id });
}

/** Locks the checkout's payment row (FOR UPDATE). */
export async function lockCheckoutPayment(conn: Conn, checkoutId: number): Promise<void> {
  await conn.select({ id: payments.id }).from(payments).where(eq(payments.checkoutId, checkoutId)).for('update');
}

/** The checkout's Pending orders move to `status` with cancelled_at; answers the orders it closed. */
export async function closePendingOrders(conn: Conn, checkoutId: number, status: OrderStatus, now: Date) {
  return conn
    .update(orders)
    .set({ status, cancelledAt: now, updatedAt: now })
    .where(and(eq(orders.checkoutId, checkoutId), eq(orders.status, 'Pending')))
    .returning({ id: orders.id, reference: orders.reference });
}

/** The checkout's pending payment moves to `status`. */
export async function endPendingPayment(
  conn: Conn,
  checkoutId: number,
  status: PaymentStatus,
  now: Date,
): Promise<void> {
  await conn
    .update(payments)
    .set({ status, updatedAt: now })
    .where(and(eq(payments.checkoutId, checkoutId), eq(payments.status, 'pending')));
}

/** Checkouts (up to 500, by id) with a Pending order whose payment window has passed; or only `checkoutId`'s. */
export async function overdueCheckouts(conn: Conn, now: Date, checkoutId: number | undefined) {
  return conn
    .selectDistinct({ checkoutId: orders.checkoutId })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'Pending'),
        isNotNull(orders.paymentExpiresAt),
        lte(orders.paymentExpiresAt, now),
        checkoutId === undefined ? undefined : eq(orders.checkoutId, checkoutId),
      ),
    )
    .orderBy(orders.checkoutId)
    .limit(500);
}
