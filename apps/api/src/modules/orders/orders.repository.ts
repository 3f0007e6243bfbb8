import type { OrderStatus } from '@tibay/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { checkouts, orderEvents, orderItems, orders, payments, products, users } from '../../db/schema/index.ts';
import { type Conn, rows } from '../../db/sql.ts';

/**
 * The orders module's SQL: an order's status, a checkout's stored answer, a sandbox booking, and the writes of a
 * move along the life cycle (lifecycle.ts).
 */

/** The customer's own order by reference, with what the status poll needs. */
export async function orderStatusRow(conn: Conn, customerId: number, reference: string) {
  const [order] = await conn
    .select({
      reference: orders.reference,
      status: orders.status,
      checkoutId: orders.checkoutId,
      paymentExpiresAt: orders.paymentExpiresAt,
    })
    .from(orders)
    .where(and(eq(orders.reference, reference), eq(orders.customerId, customerId)));
  return order ?? null;
}

/** The stored answer of the checkout that created the customer's order (null when none). */
export async function storedCheckoutResponse(conn: Conn, customerId: number, reference: string): Promise<unknown> {
  const [row] = await conn
    .select({ response: checkouts.response })
    .from(orders)
    .innerJoin(checkouts, eq(checkouts.id, orders.checkoutId))
    .where(and(eq(orders.reference, reference), eq(orders.customerId, customerId)));
  return row?.response ?? null;
}

/** Each order of a checkout as it is now: its status and its courier share link. */
export async function currentOrdersOf(conn: Conn, checkoutId: number) {
  const now = await conn
    .select({ reference: orders.reference, status: orders.status, shareLink: orders.courierShareLink })
    .from(orders)
    .where(eq(orders.checkoutId, checkoutId));
  return new Map(now.map((order) => [order.reference, order]));
}

export interface SandboxBookingRow {
  booking_id: string;
  reference: string;
  status: OrderStatus;
  service_type: string | null;
  booked_at: string | null;
  schedule_date: string;
  seller_name: string;
  seller_address: string;
  recipient_name: string;
  delivery_address: string;
}

/** A Lalamove order booked with the sandbox courier, by its booking id (null when there is none). */
export async function sandboxBooking(conn: Conn, bookingId: string): Promise<SandboxBookingRow | null> {
  const [booking] = await rows<SandboxBookingRow>(
    conn,
    sql`select o.courier_details->>'booking_id' as booking_id, o.reference, o.status,
               o.courier_details->>'service_type' as service_type, o.courier_details->>'booked_at' as booked_at,
               o.schedule_date::text as schedule_date, s.name as seller_name,
               case when strpos(lower(s.address), lower(s.city)) > 0 then s.address
                    else concat_ws(', ', s.address, s.city) end as seller_address,
               o.recipient_name, o.delivery_address
        from orders o join seller_companies s on s.id = o.seller_id
        where o.shipping_type = 'lalamove' and o.courier_details->>'booking_provider' = 'sandbox'
          and o.courier_details->>'booking_id' = ${bookingId}
        limit 1`,
  );
  return booking ?? null;
}

// A move along the life cycle (lifecycle.ts moveOrder), inside its transaction ------------------------------------

/** The order by reference, its row locked for the move (null when there is none). */
export async function lockOrder(tx: Tx, reference: string) {
  const [order] = await tx
    .select({
      id: orders.id,
      reference: orders.reference,
      checkoutId: orders.checkoutId,
      status: orders.status,
      sellerId: orders.sellerId,
      shippingType: orders.shippingType,
      paymentMethod: orders.paymentMethod,
    })
    .from(orders)
    .where(eq(orders.reference, reference))
    .for('update');
  return order ?? null;
}

/** The timestamp column a status sets. */
export type StatusStamp = 'verifiedAt' | 'preparationAt' | 'deliveryAt' | 'deliveredAt' | 'deniedAt';

/** Sets the order's new status (only from the status it was read in) with its timestamp, and writes its event. */
export async function writeStatus(
  tx: Tx,
  order: { id: number; status: OrderStatus },
  move: {
    to: OrderStatus;
    at: Date;
    stamp: StatusStamp | undefined;
    denyReason: string | null;
    actorUserId: number;
    note: string | null;
  },
): Promise<void> {
  await tx
    .update(orders)
    .set({
      status: move.to,
      updatedAt: move.at,
      ...(move.stamp ? { [move.stamp]: move.at } : {}),
      ...(move.denyReason !== null ? { denyReason: move.denyReason } : {}),
    })
    .where(and(eq(orders.id, order.id), eq(orders.status, order.status)));
  await tx
    .insert(orderEvents)
    .values({ orderId: order.id, status: move.to, actorUserId: move.actorUserId, note: move.note });
}

/** Adds the order's units to its products' sold counts (best sellers count units that reached the buyer). */
export async function countUnitsSold(tx: Tx, orderId: number): Promise<void> {
  const lines = await tx
    .select({ rootProductId: orderItems.rootProductId, quantity: sql<number>`sum(${orderItems.quantity})::int` })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .groupBy(orderItems.rootProductId)
    .orderBy(orderItems.rootProductId);
  for (const line of lines) {
    await tx
      .update(products)
      .set({ soldCount: sql`${products.soldCount} + ${line.quantity}` })
      .where(eq(products.id, line.rootProductId));
  }
}

// What the orders' mails say (order-mails.ts) ----------------------------------------------------------------------

/** The order's status, total, deny reason and its buyer's address and first name (null when there is none). */
export async function statusMailRow(conn: Conn, reference: string) {
  const [row] = await conn
    .select({
      status: orders.status,
      total: orders.total,
      denyReason: orders.denyReason,
      email: orders.billingEmail,
      firstName: users.firstName,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.customerId))
    .where(eq(orders.reference, reference));
  return row ?? null;
}

/** The checkout's orders with their buyer and the payment's amount, by reference. */
export async function latePaymentMailRows(conn: Conn, checkoutId: number) {
  return conn
    .select({
      reference: orders.reference,
      status: orders.status,
      email: orders.billingEmail,
      firstName: users.firstName,
      amount: payments.amount,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.customerId))
    .innerJoin(payments, eq(payments.checkoutId, orders.checkoutId))
    .where(eq(orders.checkoutId, checkoutId))
    .orderBy(orders.reference);
}

/** The references of the checkout's Verified orders. */
export async function verifiedReferences(conn: Conn, checkoutId: number): Promise<string[]> {
  const paid = await conn
    .select({ reference: orders.reference })
    .from(orders)
    .where(and(eq(orders.checkoutId, checkoutId), eq(orders.status, 'Verified')));
  return paid.map((order) => order.reference);
}

// What the seller center and the back office show of one order (order-record.ts) ---------------------------------

/** An order's row as stored. */
export type OrderRecordRow = typeof orders.$inferSelect;

/** The buyer's name as the seller and admin screens show it. */
export const buyerName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;

/** The order's lines, in the order they were placed. */
export async function orderItemsOf(conn: Conn, orderId: number) {
  return conn.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
}

/** The order's events, oldest first. */
export async function orderEventsOf(conn: Conn, orderId: number) {
  return conn
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
}
