import {
  cartLineCap,
  messages,
  type OrderAgainLine,
  type OrderAgainResponse,
  type OrderDetail,
  type OrderHistoryResponse,
  orderableQuantity,
  orderFilterStatus,
  type orderHistoryQuery,
  orderReference,
  paymentMethods,
  type ReviewResponse,
  reviewableStatuses,
  type reviewRequest,
  type TrackedOrder,
} from '@tibay/contract';
import type { z } from 'zod';
import { containsPattern } from '../../db/sql.ts';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import {
  customerOrderId,
  insertReview,
  lockCustomer,
  orderAgainLines,
  orderDetailRow,
  orderHasProduct,
  orderItemRows,
  orderSummaries,
  replaceCart,
  reviewedOrder,
  trackedOrderRow,
} from './buyer-orders.repository.ts';

/**
 * The buyer's side of an order after checkout (spec 2): MY ORDERS, the detail modal, reviews, order again and
 * /TrackOrder. Every read and write is scoped to the signed-in customer: another customer's order answers
 * exactly like an order that does not exist.
 */

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());
const isoNow = (value: Date | string): string => new Date(value).toISOString();

export const orderNotFound = () => new HttpError('NOT_FOUND', messages.orderNotFound);

/** The reference as stored ('ORD' + 14 digits), or null when it cannot be one. */
export function normalReference(reference: string): string | null {
  const upper = reference.trim().toUpperCase();
  return orderReference.safeParse(upper).success ? upper : null;
}

/** "Portland Cement (40 kg / Grey)": the product with its variation and sub-variation. */
function lineName(row: { product_name: string; variation_name: string | null; sub_variation_name: string | null }) {
  const detail = [row.variation_name, row.sub_variation_name].filter(Boolean).join(' / ');
  return detail ? `${row.product_name} (${detail})` : row.product_name;
}

// MY ORDERS ------------------------------------------------------------------------------------------------

export async function listOrders(
  { db }: Pick<Deps, 'db'>,
  customerId: number,
  query: z.output<typeof orderHistoryQuery>,
): Promise<OrderHistoryResponse> {
  const { totalCount, found } = await orderSummaries(db, customerId, {
    status: query.filter === 'ALL' ? null : orderFilterStatus[query.filter],
    pattern: query.q ? containsPattern(query.q) : null,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return {
    items: found.map((row) => ({
      reference: row.reference,
      status: row.status,
      ordered_at: isoNow(row.created_at),
      seller: { id: row.seller_id, name: row.seller_name, logo: row.seller_logo },
      first_product: {
        name: row.product_name,
        variation_name: row.variation_name,
        sub_variation_name: row.sub_variation_name,
        photo: row.photo_url,
        unit_price: Number(row.unit_price),
        selling_unit: row.selling_unit ?? 'piece',
        quantity: row.quantity,
      },
      item_count: Number(row.item_count),
      total: Number(row.total),
    })),
    page: query.page,
    pageSize: query.pageSize,
    totalPages: Math.ceil(totalCount / query.pageSize),
    totalCount,
  };
}

// Order detail ---------------------------------------------------------------------------------------------

export async function orderDetail(
  { db }: Pick<Deps, 'db'>,
  customerId: number,
  rawReference: string,
): Promise<OrderDetail> {
  const reference = normalReference(rawReference);
  if (!reference) throw orderNotFound();
  const order = await orderDetailRow(db, customerId, reference);
  if (!order) throw orderNotFound();
  const items = await orderItemRows(db, customerId, reference, order.id);
  const method = paymentMethods.find((m) => m.code === order.payment_method);
  return {
    reference: order.reference,
    status: order.status,
    payment_method: order.payment_method as OrderDetail['payment_method'],
    payment_method_label: method?.label ?? order.payment_method,
    shipping_type: order.shipping_type,
    subtotal: Number(order.subtotal),
    shipping_fee: Number(order.shipping_fee),
    voucher_discount: Number(order.voucher_discount),
    total: Number(order.total),
    delivery_location: order.delivery_address,
    ordered_at: isoNow(order.created_at),
    verified_at: iso(order.verified_at),
    preparation_at: iso(order.preparation_at),
    delivery_at: iso(order.delivery_at),
    delivered_at: iso(order.delivered_at),
    denied_at: iso(order.denied_at),
    deny_reason: order.deny_reason,
    seller: {
      id: order.seller_id,
      name: order.seller_name,
      logo: order.seller_logo,
      address: order.seller_address,
    },
    logistics_company: order.logistics_company,
    can_review: (reviewableStatuses as readonly string[]).includes(order.status),
    products: items.map((item) => ({
      product_id: item.root_product_id,
      leaf_id: item.product_id,
      name: item.product_name,
      variation_name: item.variation_name,
      sub_variation_name: item.sub_variation_name,
      photo: item.photo_url,
      unit_price: Number(item.unit_price),
      selling_unit: item.selling_unit ?? 'piece',
      quantity: item.quantity,
      line_total: Number(item.line_total),
      review:
        item.rating === null
          ? null
          : { rating: Number(item.rating), review: item.review ?? '', created_at: isoNow(item.reviewed_at as Date) },
    })),
  };
}

// Reviews --------------------------------------------------------------------------------------------------

/**
 * A review of a product of the customer's own Delivered or Received order; one per product per order. The
 * unique index decides a race between two submits: the second gets 409.
 */
export async function submitReview(
  { db }: Pick<Deps, 'db'>,
  customerId: number,
  input: z.output<typeof reviewRequest>,
): Promise<ReviewResponse> {
  const reference = normalReference(input.reference_no);
  if (!reference) throw orderNotFound();
  const order = await reviewedOrder(db, customerId, reference);
  if (!order) throw orderNotFound();
  if (!(await orderHasProduct(db, order.id, input.product_id))) {
    throw new HttpError('BUSINESS_RULE', messages.reviewProductNotInOrder, {
      product_id: messages.reviewProductNotInOrder,
    });
  }
  if (!(reviewableStatuses as readonly string[]).includes(order.status)) {
    throw new HttpError('BUSINESS_RULE', messages.reviewNotYet);
  }
  const saved = await insertReview(db, {
    productId: input.product_id,
    sellerId: order.seller_id,
    customerId,
    reference,
    rating: input.rating,
    text: input.comment.trim(),
  });
  if (!saved) throw new HttpError('CONFLICT', messages.reviewAlreadyGiven);
  return {
    message: messages.reviewSubmitted,
    review: {
      product_id: input.product_id,
      reference_no: reference,
      rating: Number(saved.rating),
      review: saved.review,
      created_at: isoNow(saved.created_at),
    },
  };
}

// Order again ----------------------------------------------------------------------------------------------

/**
 * The spec's order again: the cart is cleared and replaced by the order's items, each leaf at its current price
 * and within what the cart allows now (the lower of stock, quantity limit and 1200). A line that is out of stock,
 * withdrawn (or now needs a variation chosen) is reported, not dropped silently; one that fits only in part goes
 * in reduced and is reported too. When nothing at all can go in, the cart is left as it was (422).
 * One transaction, with the customer's cart rows locked, so a concurrent add cannot interleave.
 */
export async function orderAgain(
  { db }: Pick<Deps, 'db'>,
  customerId: number,
  rawReference: string,
): Promise<OrderAgainResponse> {
  const reference = normalReference(rawReference);
  if (!reference) throw orderNotFound();
  return db.transaction(async (tx) => {
    const orderId = await customerOrderId(tx, customerId, reference);
    if (orderId === null) throw orderNotFound();
    await lockCustomer(tx, customerId);
    const lines = await orderAgainLines(tx, orderId);
    const added: OrderAgainLine[] = [];
    const notAdded: OrderAgainLine[] = [];
    for (const line of lines) {
      const base = {
        product_id: line.product_id,
        name: lineName(line),
        requested: line.requested,
        unit_price: line.unit_price === null ? null : Number(line.unit_price),
      };
      if (!line.available) {
        notAdded.push({ ...base, quantity: 0, reason: 'unavailable', note: messages.orderAgainGone });
        continue;
      }
      const room = orderableQuantity({ stocks: line.stock ?? 0, quantity_limit: line.quantity_limit ?? 0 });
      if (room <= 0) {
        notAdded.push({ ...base, quantity: 0, reason: 'out_of_stock', note: messages.orderAgainOutOfStock });
      } else if (room < line.requested) {
        added.push({
          ...base,
          quantity: room,
          reason: 'reduced',
          note: messages.orderAgainReduced.replace('{n}', String(room)),
        });
      } else {
        added.push({ ...base, quantity: line.requested, reason: null, note: null });
      }
    }
    if (added.length === 0) {
      throw new HttpError(
        'BUSINESS_RULE',
        messages.orderAgainNothing,
        Object.fromEntries(notAdded.map((line) => [line.name, line.note ?? ''])),
      );
    }
    await replaceCart(
      tx,
      customerId,
      added.map((line) => ({ product_id: line.product_id, quantity: Math.min(line.quantity, cartLineCap) })),
    );
    return {
      message: messages.orderAgainSuccess,
      added,
      not_added: notAdded,
      cart_count: added.length,
    };
  });
}

// Track order ----------------------------------------------------------------------------------------------

export const trackNotFound = () => new HttpError('NOT_FOUND', messages.trackNoOrder);

/**
 * /TrackOrder: an order is found only by its reference together with its billing email (case-insensitive).
 * Anything else — a wrong email, an unknown or malformed reference — gets the same not-found answer.
 */
export async function trackOrder(
  { db }: Pick<Deps, 'db'>,
  input: { orderId: string; billingEmail: string },
): Promise<TrackedOrder> {
  const reference = normalReference(input.orderId);
  const email = input.billingEmail.trim().toLowerCase();
  if (!reference || !email) throw trackNotFound();
  const row = await trackedOrderRow(db, reference, email);
  if (!row) throw trackNotFound();
  const num = (value: number | null) => (value === null ? null : Number(value));
  return {
    reference: row.reference,
    status: row.status,
    shipping_type: row.shipping_type,
    logistics_company: row.logistics_company,
    courier_share_link: row.courier_share_link,
    ordered_at: isoNow(row.created_at),
    verified_at: iso(row.verified_at),
    preparation_at: iso(row.preparation_at),
    delivery_at: iso(row.delivery_at),
    delivered_at: iso(row.delivered_at),
    denied_at: iso(row.denied_at),
    seller: {
      name: row.seller_name,
      address: row.seller_address,
      latitude: num(row.seller_latitude),
      longitude: num(row.seller_longitude),
    },
    delivery: {
      name: row.recipient_name,
      address: row.delivery_address,
      latitude: num(row.delivery_latitude),
      longitude: num(row.delivery_longitude),
    },
  };
}
