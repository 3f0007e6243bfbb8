import type { sellerOrderListQuery } from '@tibay/contract';
import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { orderItems, orders, users } from '../../db/schema/index.ts';
import { type Conn, containsPattern } from '../../db/sql.ts';
import { buyerName } from '../orders/index.ts';

/** The shop's orders, always scoped to the shop: another shop's order is simply not found. */

/** One page of the shop's orders that match (newest first), and how many match in all. */
export async function findShopOrders(db: Conn, sellerId: number, query: z.output<typeof sellerOrderListQuery>) {
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
  const page = await db
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
  return { totalCount: total?.n ?? 0, rows: page };
}

/** The shop's order with its buyer's name. */
export async function shopOrder(db: Conn, sellerId: number, reference: string) {
  const [row] = await db
    .select({ order: orders, buyerName })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.customerId))
    .where(and(eq(orders.reference, reference), eq(orders.sellerId, sellerId)));
  return row;
}

/** The stored URL of the shop's order's purchase order. */
export async function purchaseOrderUrl(db: Conn, sellerId: number, reference: string): Promise<string | null> {
  const [row] = await db
    .select({ url: orders.purchaseOrderUrl })
    .from(orders)
    .where(and(eq(orders.reference, reference), eq(orders.sellerId, sellerId)));
  return row?.url ?? null;
}
