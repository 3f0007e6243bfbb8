import {
  cartLineCap,
  messages,
  type OrderAgainLine,
  type OrderAgainResponse,
  type OrderDetail,
  type OrderHistoryResponse,
  type OrderStatus,
  orderableQuantity,
  orderFilterStatus,
  type orderHistoryQuery,
  orderReference,
  paymentMethods,
  type ReviewResponse,
  reviewableStatuses,
  type reviewRequest,
  type ShippingType,
  type TrackedOrder,
} from '@tibay/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { containsPattern, rows } from '../../db/sql.ts';
import { HttpError } from '../../http/http-error.ts';

/**
 * The buyer's side of an order after checkout (spec 2): MY ORDERS, the detail modal, reviews, order again and
 * /TrackOrder. Every read and write is scoped to the signed-in customer: another customer's order answers
 * exactly like an order that does not exist.
 */

type Stamp = Date | string | null;
const iso = (value: Stamp): string | null => (value === null ? null : new Date(value).toISOString());
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

interface SummaryRow {
  reference: string;
  status: OrderStatus;
  created_at: Date | string;
  total: string | number;
  seller_id: number;
  seller_name: string;
  seller_logo: string | null;
  product_name: string;
  variation_name: string | null;
  sub_variation_name: string | null;
  photo_url: string | null;
  unit_price: string | number;
  selling_unit: string | null;
  quantity: number;
  item_count: number;
}

export async function listOrders(
  db: Db,
  customerId: number,
  query: z.output<typeof orderHistoryQuery>,
): Promise<OrderHistoryResponse> {
  const status = query.filter === 'ALL' ? null : orderFilterStatus[query.filter];
  const pattern = query.q ? containsPattern(query.q) : null;
  const where = sql`o.customer_id = ${customerId}
    ${status ? sql`and o.status = ${status}` : sql``}
    ${
      pattern
        ? sql`and (o.reference ilike ${pattern} escape '\\' or exists (
            select 1 from order_items s where s.order_id = o.id
              and (s.product_name ilike ${pattern} escape '\\' or s.variation_name ilike ${pattern} escape '\\'
                   or s.sub_variation_name ilike ${pattern} escape '\\')))`
        : sql``
    }`;
  const [counted] = await rows<{ n: number | string }>(db, sql`select count(*)::int as n from orders o where ${where}`);
  const totalCount = Number(counted?.n ?? 0);
  const found = await rows<SummaryRow>(
    db,
    sql`select o.reference, o.status, o.created_at, o.total,
               s.id as seller_id, s.name as seller_name, s.logo_url as seller_logo,
               f.product_name, f.variation_name, f.sub_variation_name, f.photo_url, f.unit_price, f.quantity,
               (select p.selling_unit from products p where p.id = f.root_product_id) as selling_unit,
               (select count(*)::int from order_items c where c.order_id = o.id) as item_count
        from orders o
        join seller_companies s on s.id = o.seller_id
        join lateral (select * from order_items i where i.order_id = o.id order by i.id limit 1) f on true
        where ${where}
        order by o.created_at desc, o.id desc
        limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
  );
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

interface DetailRow {
  id: number;
  reference: string;
  status: OrderStatus;
  payment_method: string;
  shipping_type: ShippingType;
  subtotal: string | number;
  shipping_fee: string | number;
  voucher_discount: string | number;
  total: string | number;
  delivery_address: string;
  created_at: Date | string;
  verified_at: Stamp;
  preparation_at: Stamp;
  delivery_at: Stamp;
  delivered_at: Stamp;
  denied_at: Stamp;
  deny_reason: string | null;
  logistics_company: string | null;
  seller_id: number;
  seller_name: string;
  seller_logo: string | null;
  seller_address: string;
}

interface ItemRow {
  root_product_id: number;
  product_id: number;
  product_name: string;
  variation_name: string | null;
  sub_variation_name: string | null;
  photo_url: string | null;
  unit_price: string | number;
  selling_unit: string | null;
  quantity: number;
  line_total: string | number;
  rating: number | null;
  review: string | null;
  reviewed_at: Stamp;
}

export async function orderDetail(db: Db, customerId: number, rawReference: string): Promise<OrderDetail> {
  const reference = normalReference(rawReference);
  if (!reference) throw orderNotFound();
  const [order] = await rows<DetailRow>(
    db,
    sql`select o.id, o.reference, o.status, o.payment_method, o.shipping_type, o.subtotal, o.shipping_fee,
               o.voucher_discount, o.total, o.delivery_address, o.created_at, o.verified_at, o.preparation_at,
               o.delivery_at, o.delivered_at, o.denied_at, o.deny_reason, o.logistics_company,
               s.id as seller_id, s.name as seller_name, s.logo_url as seller_logo,
               case when strpos(lower(s.address), lower(s.city)) > 0 then s.address
                    else concat_ws(', ', s.address, s.city) end as seller_address
        from orders o join seller_companies s on s.id = o.seller_id
        where o.reference = ${reference} and o.customer_id = ${customerId}`,
  );
  if (!order) throw orderNotFound();
  const items = await rows<ItemRow>(
    db,
    sql`select i.root_product_id, i.product_id, i.product_name, i.variation_name, i.sub_variation_name, i.photo_url,
               i.unit_price, p.selling_unit, i.quantity, i.line_total, r.rating, r.review, r.created_at as reviewed_at
        from order_items i
        left join products p on p.id = i.root_product_id
        left join reviews r on r.customer_id = ${customerId} and r.product_id = i.root_product_id
                           and r.order_reference = ${reference}
        where i.order_id = ${order.id}
        order by i.id`,
  );
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
  db: Db,
  customerId: number,
  input: z.output<typeof reviewRequest>,
): Promise<ReviewResponse> {
  const reference = normalReference(input.reference_no);
  if (!reference) throw orderNotFound();
  const [order] = await rows<{ id: number; status: OrderStatus; seller_id: number }>(
    db,
    sql`select id, status, seller_id from orders where reference = ${reference} and customer_id = ${customerId}`,
  );
  if (!order) throw orderNotFound();
  const [line] = await rows<{ n: number }>(
    db,
    sql`select 1 as n from order_items where order_id = ${order.id} and root_product_id = ${input.product_id} limit 1`,
  );
  if (!line) {
    throw new HttpError('BUSINESS_RULE', messages.reviewProductNotInOrder, {
      product_id: messages.reviewProductNotInOrder,
    });
  }
  if (!(reviewableStatuses as readonly string[]).includes(order.status)) {
    throw new HttpError('BUSINESS_RULE', messages.reviewNotYet);
  }
  const [saved] = await rows<{ rating: number; review: string; created_at: Date | string }>(
    db,
    sql`insert into reviews (product_id, seller_id, customer_id, order_reference, rating, review)
        values (${input.product_id}, ${order.seller_id}, ${customerId}, ${reference}, ${input.rating},
                ${input.comment.trim()})
        on conflict (customer_id, product_id, order_reference) do nothing
        returning rating, review, created_at`,
  );
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

interface AgainRow {
  product_id: number;
  product_name: string;
  variation_name: string | null;
  sub_variation_name: string | null;
  requested: number;
  stock: number | null;
  quantity_limit: number | null;
  unit_price: string | number | null;
  available: boolean | null;
}

/**
 * The spec's order again: the cart is cleared and replaced by the order's items, each leaf at its current price
 * and within what the cart allows now (the lower of stock, quantity limit and 1200). A line that is out of stock,
 * withdrawn (or now needs a variation chosen) is reported, not dropped silently; one that fits only in part goes
 * in reduced and is reported too. When nothing at all can go in, the cart is left as it was (422).
 * One transaction, with the customer's cart rows locked, so a concurrent add cannot interleave.
 */
export async function orderAgain(db: Db, customerId: number, rawReference: string): Promise<OrderAgainResponse> {
  const reference = normalReference(rawReference);
  if (!reference) throw orderNotFound();
  return db.transaction(async (tx) => {
    const [order] = await rows<{ id: number }>(
      tx,
      sql`select id from orders where reference = ${reference} and customer_id = ${customerId}`,
    );
    if (!order) throw orderNotFound();
    // Serialise order-again and add-to-cart for this customer: lock the customer row.
    await tx.execute(sql`select id from users where id = ${customerId} for update`);
    const lines = await rows<AgainRow>(
      tx,
      sql`select i.product_id, min(i.product_name) as product_name, min(i.variation_name) as variation_name,
                 min(i.sub_variation_name) as sub_variation_name, sum(i.quantity)::int as requested,
                 n.stock, n.quantity_limit,
                 case when n.discounted_price >= 100 then n.discounted_price else n.price end as unit_price,
                 (n.is_active and r.is_active and coalesce(v.is_active, true) and s.status = 'approved'
                  and not exists (select 1 from products c where c.parent_id = n.id and c.is_active)) as available
          from order_items i
          left join products n on n.id = i.product_id
          left join products r on r.id = coalesce(n.root_id, n.id)
          left join products v on n.depth = 2 and v.id = n.parent_id
          left join seller_companies s on s.id = n.seller_id
          where i.order_id = ${order.id}
          group by i.product_id, n.id, r.id, v.id, s.id
          order by min(i.id)`,
    );
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
    await tx.execute(sql`delete from cart_items where customer_id = ${customerId}`);
    for (const line of added) {
      await tx.execute(
        sql`insert into cart_items (customer_id, product_id, quantity)
            values (${customerId}, ${line.product_id}, ${Math.min(line.quantity, cartLineCap)})`,
      );
    }
    return {
      message: messages.orderAgainSuccess,
      added,
      not_added: notAdded,
      cart_count: added.length,
    };
  });
}

// Track order ----------------------------------------------------------------------------------------------

interface TrackRow {
  reference: string;
  status: OrderStatus;
  shipping_type: ShippingType;
  logistics_company: string | null;
  courier_share_link: string | null;
  created_at: Date | string;
  verified_at: Stamp;
  preparation_at: Stamp;
  delivery_at: Stamp;
  delivered_at: Stamp;
  denied_at: Stamp;
  seller_name: string;
  seller_address: string;
  seller_latitude: number;
  seller_longitude: number;
  recipient_name: string;
  delivery_address: string;
  delivery_latitude: number | null;
  delivery_longitude: number | null;
}

export const trackNotFound = () => new HttpError('NOT_FOUND', messages.trackNoOrder);

/**
 * /TrackOrder: an order is found only by its reference together with its billing email (case-insensitive).
 * Anything else — a wrong email, an unknown or malformed reference — gets the same not-found answer.
 */
export async function trackOrder(db: Db, input: { orderId: string; billingEmail: string }): Promise<TrackedOrder> {
  const reference = normalReference(input.orderId);
  const email = input.billingEmail.trim().toLowerCase();
  if (!reference || !email) throw trackNotFound();
  const [row] = await rows<TrackRow>(
    db,
    sql`select o.reference, o.status, o.shipping_type, o.logistics_company, o.courier_share_link, o.created_at,
               o.verified_at, o.preparation_at, o.delivery_at, o.delivered_at, o.denied_at,
               s.name as seller_name, case when strpos(lower(s.address), lower(s.city)) > 0 then s.address
                    else concat_ws(', ', s.address, s.city) end as seller_address,
               s.latitude as seller_latitude, s.longitude as seller_longitude,
               o.recipient_name, o.delivery_address, o.delivery_latitude, o.delivery_longitude
        from orders o join seller_companies s on s.id = o.seller_id
        where o.reference = ${reference} and lower(o.billing_email) = ${email}`,
  );
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
