import { messages, type OrderStatus, type SellerOrderDetail } from '@tibay/contract';
import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderItems, orders, users } from '../../db/schema/index.ts';
import { containsPattern } from '../../db/sql.ts';
import { HttpError } from '../../http/http-error.ts';
import { buyerName, describeOrder } from '../orders/index.ts';

/** The shop's orders, as the seller sees them. Another shop's order is "not found". */

export interface OrderListQuery {
  status: 'ALL' | OrderStatus;
  q: string;
  page: number;
  pageSize: number;
}

export async function listOrders(db: Db, sellerId: number, query: OrderListQuery) {
  const like = containsPattern(query.q);
  const where = and(
    eq(orders.sellerId, sellerId),
    query.status === 'ALL' ? undefined : eq(orders.status, query.status),
    query.q ? or(ilike(orders.reference, like), ilike(orders.recipientName, like), ilike(buyerName, like)) : undefined,
  );
  const [total] = await db
    .select({ n: count() })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.customerId))
    .where(where);
  const totalCount = total?.n ?? 0;
  const rows = await db
    .select({
      reference: orders.reference,
      status: orders.status,
      buyer_name: buyerName,
      payment_method: orders.paymentMethod,
      shipping_type: orders.shippingType,
      total: orders.total,
      items: sql<number>`(select coalesce(sum(${orderItems.quantity}), 0)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id})`,
      created_at: orders.createdAt,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.customerId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    items: rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() })),
    page: query.page,
    pageSize: query.pageSize,
    totalPages: Math.max(1, Math.ceil(totalCount / query.pageSize)),
    totalCount,
  };
}

/** The seller-center address of an order's purchase order (the stored file's URL is never handed out). */
export function purchaseOrderPath(reference: string) {
  return `/api/v1/seller/orders/${reference}/purchase-order`;
}

/** The stored URL of the shop's order's purchase order; null when the order is another shop's or has none. */
export async function purchaseOrderUrl(db: Db, sellerId: number, reference: string): Promise<string | null> {
  const [row] = await db
    .select({ url: orders.purchaseOrderUrl })
    .from(orders)
    .where(and(eq(orders.reference, reference), eq(orders.sellerId, sellerId)));
  return row?.url ?? null;
}

export async function getOrder(db: Db, sellerId: number, reference: string): Promise<SellerOrderDetail> {
  const [row] = await db
    .select({ order: orders, buyerName })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.customerId))
    .where(and(eq(orders.reference, reference), eq(orders.sellerId, sellerId)));
  if (!row) throw new HttpError('NOT_FOUND', messages.orderNotFound);
  const order = row.order;
  return {
    ...(await describeOrder(db, order, 'seller')),
    buyer_name: row.buyerName,
    has_proof_of_payment: order.proofOfPaymentUrl !== null,
    purchase_order_url: order.purchaseOrderUrl ? purchaseOrderPath(order.reference) : null,
  };
}
