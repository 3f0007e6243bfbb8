import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/sql.ts';
import type { SellerRatesRow } from '../../lib/couriers/index.ts';

/** The SQL of the Lalamove bookings (courier-booking.ts): the orders to book, the claim, the link, the requote. */

/** A Lalamove order of the checkout with its seller (the selected columns). */
export interface BookingOrderRow extends SellerRatesRow {
  id: number;
  reference: string;
  status: string;
  payment_method: string;
  courier_quotation_id: string | null;
  courier_share_link: string | null;
  courier_details: Record<string, unknown> | null;
  recipient_name: string;
  recipient_phone: string | null;
  delivery_address: string;
  delivery_latitude: number | null;
  delivery_longitude: number | null;
  order_instructions: string | null;
  subtotal: number;
  seller_phone: string | null;
}

/** The checkout's Lalamove orders with their sellers, by id. */
export async function lalamoveOrdersOf(conn: Conn, checkoutId: number): Promise<BookingOrderRow[]> {
  return rows<BookingOrderRow>(
    conn,
    sql`select o.id, o.reference, o.status, o.payment_method, o.courier_quotation_id, o.courier_share_link,
               o.courier_details, o.recipient_name, o.recipient_phone, o.delivery_address, o.delivery_latitude,
               o.delivery_longitude, o.order_instructions, o.subtotal::float8 as subtotal,
               s.id as seller_id, s.name as seller_name, coalesce(nullif(s.phone, ''), u.phone) as seller_phone,
               case when strpos(lower(s.address), lower(s.city)) > 0 then s.address
                    else concat_ws(', ', s.address, s.city) end as seller_address,
               s.latitude, s.longitude, s.shipping_computation,
               s.small_item_fee_fixed::float8 as small_item_fee_fixed, s.big_item_fee_fixed::float8 as big_item_fee_fixed,
               s.small_item_fee_per_km::float8 as small_item_fee_per_km,
               s.big_item_fee_per_km::float8 as big_item_fee_per_km
        from orders o join seller_companies s on s.id = o.seller_id left join users u on u.id = s.owner_user_id
        where o.checkout_id = ${checkoutId} and o.shipping_type = 'lalamove'
        order by o.id`,
  );
}

/**
 * Claims the order for booking at `now`: only while it has no share link and no claim newer than `staleBefore`.
 * Answers the claimed order (empty when another caller holds it or it is booked).
 */
export async function claimBooking(conn: Conn, orderId: number, now: Date, staleBefore: Date) {
  return rows<{ id: number }>(
    conn,
    sql`update orders set courier_details = coalesce(courier_details, '{}'::jsonb)
                            || jsonb_build_object('booking_claimed_at', ${now.toISOString()}::text)
        where id = ${orderId} and courier_share_link is null
          and (courier_details->>'booking_claimed_at' is null
               or courier_details->>'booking_claimed_at' < ${staleBefore.toISOString()})
        returning id`,
  );
}

/** Writes the booking's share link and details (dropping the claim), only while the order has no link yet. */
export async function writeBooking(
  conn: Conn,
  orderId: number,
  shareLink: string,
  quotationId: string | null,
  booked: Record<string, unknown>,
) {
  return rows<{ id: number }>(
    conn,
    sql`update orders set courier_share_link = ${shareLink}, courier_quotation_id = ${quotationId},
                          courier_details = (coalesce(courier_details, '{}'::jsonb) - 'booking_claimed_at' - 'booking_error')
                                            || ${JSON.stringify(booked)}::jsonb,
                          updated_at = now()
        where id = ${orderId} and courier_share_link is null
        returning id`,
  );
}

/** Drops the claim of a failed booking and records its error (while the order has no link). */
export async function releaseBookingClaim(conn: Conn, orderId: number, error: string): Promise<void> {
  await conn.execute(
    sql`update orders set courier_details = (coalesce(courier_details, '{}'::jsonb) - 'booking_claimed_at')
                                            || jsonb_build_object('booking_error', ${error}::text)
        where id = ${orderId} and courier_share_link is null`,
  );
}

/** The order's lines with their products' weight and size, for a new quote. */
export async function requoteItemsOf(conn: Conn, orderId: number) {
  return rows<{ product_id: number; quantity: number; weight_grams: number; is_big_item: boolean }>(
    conn,
    sql`select i.product_id, i.quantity, p.weight_grams, p.is_big_item
        from order_items i join products p on p.id = i.product_id
        where i.order_id = ${orderId} order by i.id`,
  );
}
