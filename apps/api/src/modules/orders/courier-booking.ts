import type { CheckoutResult } from '@tibay/contract';
import type { Deps } from '../../deps.ts';
import { type QuoteInput, quoteInputFor } from '../../lib/couriers/index.ts';
import {
  claimBooking,
  lalamoveOrdersOf,
  type BookingOrderRow as OrderRow,
  releaseBookingClaim,
  requoteItemsOf,
  writeBooking,
} from './courier-booking.repository.ts';

export type BookingDeps = Pick<Deps, 'db' | 'log' | 'couriers'>;

/**
 * Lalamove bookings (spec 2 "Order complete page": "a courier share link when the shipping type is Lalamove").
 * A Lalamove order is quoted at checkout (its quotation id and stop ids are in orders.courier_quotation_id and
 * courier_details); once it is placed and will be paid — at once for cash on delivery and credit, when the gateway
 * reports it paid, when an administrator verifies a bank or over-the-counter payment — the delivery is booked with
 * that quotation and the share link is written into the order.
 *
 * Each order is claimed first (a conditional update on the order: no link yet, no live claim), then booked, then
 * written; so two callers (a replay, a repeated webhook) never book one order twice. A claim left by a crashed
 * process goes stale after CLAIM_STALE_MS. A failed booking is logged, its claim released, and the order stays
 * placed without a link: it never fails the checkout.
 */

const CLAIM_STALE_MS = 5 * 60_000;
/** Orders that will not be delivered: nothing is booked for them. */
const ended = ['Denied', 'Cancelled', 'Payment Failed', 'Payment Expired'];

/**
 * Books every Lalamove order of the checkout that has no share link yet. Answers each Lalamove order's share link
 * by order reference (the ones booked now and the ones booked before); an order whose booking failed is left out.
 */
export async function bookCourierDeliveries(app: BookingDeps, checkoutId: number): Promise<Map<string, string>> {
  const couriers = app.couriers;
  const links = new Map<string, string>();
  const courier = couriers.lalamove;
  if (!courier.book) return links;
  const orders = await lalamoveOrdersOf(app.db, checkoutId);
  const cartSubtotal = orders.reduce((sum, order) => sum + Number(order.subtotal), 0);
  await Promise.all(
    orders.map(async (order) => {
      if (order.courier_share_link) {
        links.set(order.reference, order.courier_share_link);
        return;
      }
      if (ended.includes(order.status)) return;
      // A driver is booked only for an order that will be paid: cash on delivery, or once the payment is in
      // (credit at once; the gateway's paid webhook; an administrator verifying a bank or counter payment).
      if (order.status === 'Pending' && order.payment_method !== 'cod') return;
      const link = await bookOne(app, order, cartSubtotal);
      if (link) links.set(order.reference, link);
    }),
  );
  return links;
}

async function bookOne(app: BookingDeps, order: OrderRow, cartSubtotal: number): Promise<string | null> {
  const couriers = app.couriers;
  const now = new Date();
  const claimed = await claimBooking(app.db, order.id, now, new Date(now.getTime() - CLAIM_STALE_MS));
  if (claimed.length === 0) return null;
  const details = order.courier_details ?? {};
  const log = app.log.child({ orderId: order.id, reference: order.reference });
  try {
    const booking = await couriers.lalamove.book!({
      quotationId: order.courier_quotation_id ?? String(details.quotation_id ?? ''),
      senderStopId: String(details.seller_stop_id ?? ''),
      recipientStopId: String(details.customer_stop_id ?? ''),
      sender: { name: order.seller_name, phone: order.seller_phone ?? '' },
      recipient: {
        name: order.recipient_name,
        phone: order.recipient_phone ?? '',
        remarks: order.order_instructions ?? '',
      },
      metadata: { reference: order.reference },
      requote: () => requoteInput(app, order, cartSubtotal),
    });
    const booked: Record<string, unknown> = {
      booking_id: booking.orderId,
      booking_provider: details.provider ?? null,
      booked_at: new Date().toISOString(),
      ...(booking.requoted
        ? {
            quotation_id: booking.requoted.quotation_id,
            seller_stop_id: booking.requoted.seller_stop_id,
            customer_stop_id: booking.requoted.customer_stop_id,
            requoted_at: new Date().toISOString(),
          }
        : {}),
    };
    const quotationId = booking.requoted ? String(booking.requoted.quotation_id) : order.courier_quotation_id;
    const written = await writeBooking(app.db, order.id, booking.shareLink, quotationId, booked);
    if (written.length === 0) log.error({ bookingId: booking.orderId }, 'Lalamove booked twice for one order');
    log.info({ bookingId: booking.orderId }, 'Lalamove delivery booked');
    return booking.shareLink;
  } catch (error) {
    log.error({ err: error }, 'Lalamove delivery could not be booked; the order stays placed without a share link');
    await releaseBookingClaim(app.db, order.id, String((error as Error).message)).catch((releaseError) =>
      log.error({ err: releaseError }, 'Lalamove booking claim not released'),
    );
    return null;
  }
}

/** The quote input again, from the order's seller, its delivery pin and its items (for an expired quotation). */
async function requoteInput(app: BookingDeps, order: OrderRow, cartSubtotal: number): Promise<QuoteInput> {
  const items = await requoteItemsOf(app.db, order.id);
  const destination = {
    latitude: order.delivery_latitude ?? order.latitude,
    longitude: order.delivery_longitude ?? order.longitude,
    address: order.delivery_address,
  };
  const quoted = items.map((item) => ({
    productId: item.product_id,
    quantity: item.quantity,
    weightGrams: Number(item.weight_grams),
    isBigItem: item.is_big_item,
  }));
  return quoteInputFor(order, destination, quoted, Number(order.subtotal), cartSubtotal);
}

/** Books the checkout's Lalamove deliveries and answers the checkout result with each order's share_link. */
export async function withCourierLinks(
  app: BookingDeps,
  checkoutId: number,
  result: CheckoutResult,
): Promise<CheckoutResult> {
  let links: Map<string, string>;
  try {
    links = await bookCourierDeliveries(app, checkoutId);
  } catch (error) {
    app.log.error({ err: error, checkoutId }, 'Lalamove bookings could not be made');
    return result;
  }
  if (links.size === 0) return result;
  return {
    ...result,
    orders: result.orders.map((order) => ({ ...order, share_link: links.get(order.reference) ?? order.share_link })),
  };
}
