import type { OrderStatus, ShippingType } from '@tibay/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/sql.ts';

/**
 * The SQL of the buyer's side of an order (buyer-orders.service.ts): MY ORDERS, the detail modal, reviews, order
 * again and /TrackOrder. Every query is scoped by the caller to the customer (or, for tracking, the billing email).
 */

type Stamp = Date | string | null;

export interface SummaryRow {
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

export interface DetailRow {
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

export interface ItemRow {
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

export interface AgainRow {
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

export interface TrackRow {
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

/** MY ORDERS: one page of the customer's orders (newest first) with the first line of each, and the total count. */
export async function orderSummaries(
  conn: Conn,
  customerId: number,
  query: { status: OrderStatus | null; pattern: string | null; limit: number; offset: number },
) {
  const { status, pattern } = query;
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
  const [counted] = await rows<{ n: number | string }>(
    conn,
    sql`select count(*)::int as n from orders o where ${where}`,
  );
  const found = await rows<SummaryRow>(
    conn,
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
        limit ${query.limit} offset ${query.offset}`,
  );
  return { totalCount: Number(counted?.n ?? 0), found };
}

/** The customer's order with its seller (null when it is not the customer's). */
export async function orderDetailRow(conn: Conn, customerId: number, reference: string): Promise<DetailRow | null> {
  const [order] = await rows<DetailRow>(
    conn,
    sql`select o.id, o.reference, o.status, o.payment_method, o.shipping_type, o.subtotal, o.shipping_fee,
               o.voucher_discount, o.total, o.delivery_address, o.created_at, o.verified_at, o.preparation_at,
               o.delivery_at, o.delivered_at, o.denied_at, o.deny_reason, o.logistics_company,
               s.id as seller_id, s.name as seller_name, s.logo_url as seller_logo,
               case when strpos(lower(s.address), lower(s.city)) > 0 then s.address
                    else concat_ws(', ', s.address, s.city) end as seller_address
        from orders o join seller_companies s on s.id = o.seller_id
        where o.reference = ${reference} and o.customer_id = ${customerId}`,
  );
  return order ?? null;
}

/** The order's lines with the customer's review of each product, if any. */
export async function orderItemRows(conn: Conn, customerId: number, reference: string, orderId: number) {
  return rows<ItemRow>(
    conn,
    sql`select i.root_product_id, i.product_id, i.product_name, i.variation_name, i.sub_variation_name, i.photo_url,
               i.unit_price, p.selling_unit, i.quantity, i.line_total, r.rating, r.review, r.created_at as reviewed_at
        from order_items i
        left join products p on p.id = i.root_product_id
        left join reviews r on r.customer_id = ${customerId} and r.product_id = i.root_product_id
                           and r.order_reference = ${reference}
        where i.order_id = ${orderId}
        order by i.id`,
  );
}

/** The customer's order a review is about (null when it is not the customer's). */
export async function reviewedOrder(conn: Conn, customerId: number, reference: string) {
  const [order] = await rows<{ id: number; status: OrderStatus; seller_id: number }>(
    conn,
    sql`select id, status, seller_id from orders where reference = ${reference} and customer_id = ${customerId}`,
  );
  return order ?? null;
}

/** Whether the order has a line of this product. */
export async function orderHasProduct(conn: Conn, orderId: number, productId: number): Promise<boolean> {
  const [line] = await rows<{ n: number }>(
    conn,
    sql`select 1 as n from order_items where order_id = ${orderId} and root_product_id = ${productId} limit 1`,
  );
  return line !== undefined;
}

/** Saves a review; null when the customer already reviewed this product of this order (the unique index decides). */
export async function insertReview(
  conn: Conn,
  review: { productId: number; sellerId: number; customerId: number; reference: string; rating: number; text: string },
) {
  const [saved] = await rows<{ rating: number; review: string; created_at: Date | string }>(
    conn,
    sql`insert into reviews (product_id, seller_id, customer_id, order_reference, rating, review)
        values (${review.productId}, ${review.sellerId}, ${review.customerId}, ${review.reference}, ${review.rating},
                ${review.text})
        on conflict (customer_id, product_id, order_reference) do nothing
        returning rating, review, created_at`,
  );
  return saved ?? null;
}

/** The customer's order's id (null when it is not the customer's). */
export async function customerOrderId(conn: Conn, customerId: number, reference: string): Promise<number | null> {
  const [order] = await rows<{ id: number }>(
    conn,
    sql`select id from orders where reference = ${reference} and customer_id = ${customerId}`,
  );
  return order?.id ?? null;
}

/** Serialises order-again and add-to-cart for this customer: locks the customer row (inside a transaction). */
export async function lockCustomer(conn: Conn, customerId: number): Promise<void> {
  await conn.execute(sql`select id from users where id = ${customerId} for update`);
}

/** The order's leaves again, with what the cart would allow of each now. */
export async function orderAgainLines(conn: Conn, orderId: number) {
  return rows<AgainRow>(
    conn,
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
        where i.order_id = ${orderId}
        group by i.product_id, n.id, r.id, v.id, s.id
        order by min(i.id)`,
  );
}

/** Clears the customer's cart and fills it with these lines (inside the order-again transaction). */
export async function replaceCart(
  conn: Conn,
  customerId: number,
  lines: { product_id: number; quantity: number }[],
): Promise<void> {
  await conn.execute(sql`delete from cart_items where customer_id = ${customerId}`);
  for (const line of lines) {
    await conn.execute(
      sql`insert into cart_items (customer_id, product_id, quantity)
          values (${customerId}, ${line.product_id}, ${line.quantity})`,
    );
  }
}

/** An order by its reference and billing email (lower-cased by the caller); null when there is none. */
export async function trackedOrderRow(conn: Conn, reference: string, email: string): Promise<TrackRow | null> {
  const [row] = await rows<TrackRow>(
    conn,
    sql`select o.reference, o.status, o.shipping_type, o.logistics_company, o.courier_share_link, o.created_at,
               o.verified_at, o.preparation_at, o.delivery_at, o.delivered_at, o.denied_at,
               s.name as seller_name, case when strpos(lower(s.address), lower(s.city)) > 0 then s.address
                    else concat_ws(', ', s.address, s.city) end as seller_address,
               s.latitude as seller_latitude, s.longitude as seller_longitude,
               o.recipient_name, o.delivery_address, o.delivery_latitude, o.delivery_longitude
        from orders o join seller_companies s on s.id = o.seller_id
        where o.reference = ${reference} and lower(o.billing_email) = ${email}`,
  );
  return row ?? null;
}
