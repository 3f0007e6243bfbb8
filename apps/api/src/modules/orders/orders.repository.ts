import type { OrderStatus } from '@tibay/contract';
import { and, eq, sql } from 'drizzle-orm';
import { checkouts, orders } from '../../db/schema/index.ts';
import { type Conn, rows } from '../../db/sql.ts';

/** The orders module's reads for its routes: an order's status, a checkout's stored answer, a sandbox booking. */

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
