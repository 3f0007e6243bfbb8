import { type AdminOrderListQuery, nonSaleStatuses } from '@tibay/contract';
import { and, asc, count, desc, eq, exists, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import { orders, payments, sellerCompanies, users } from '../../db/schema/index.ts';
import { type Conn, containsPattern } from '../../db/sql.ts';
import { buyerName } from '../orders/index.ts';
import { addDays, manilaMidnight } from './manila-days.ts';

/** The admin module's SQL on orders and payments: sales, an order's payment, refunds and the dashboard's figures. */

function listConditions(db: Conn, query: AdminOrderListQuery): SQL | undefined {
  const like = containsPattern(query.q);
  return and(
    query.status === 'ALL' ? undefined : eq(orders.status, query.status),
    query.payment_method ? eq(orders.paymentMethod, query.payment_method) : undefined,
    query.from ? gte(orders.createdAt, manilaMidnight(query.from)) : undefined,
    query.to ? lt(orders.createdAt, manilaMidnight(addDays(query.to, 1))) : undefined,
    query.payment_status
      ? exists(
          db
            .select({ one: payments.id })
            .from(payments)
            .where(and(eq(payments.checkoutId, orders.checkoutId), eq(payments.status, query.payment_status))),
        )
      : undefined,
    query.q
      ? or(
          ilike(orders.reference, like),
          ilike(buyerName, like),
          ilike(users.email, like),
          ilike(orders.recipientName, like),
          ilike(sellerCompanies.name, like),
        )
      : undefined,
  );
}

/** One page of the orders that match the list's filters (newest first), and how many match in all. */
export async function findOrders(db: Conn, query: AdminOrderListQuery) {
  const where = listConditions(db, query);
  const [total] = await db
    .select({ n: count() })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.customerId))
    .innerJoin(sellerCompanies, eq(sellerCompanies.id, orders.sellerId))
    .where(where);
  const page = await db
    .select({
      reference: orders.reference,
      status: orders.status,
      buyer_name: buyerName,
      buyer_email: users.email,
      seller_name: sellerCompanies.name,
      payment_method: orders.paymentMethod,
      total: orders.total,
      proof: orders.proofOfPaymentUrl,
      created_at: orders.createdAt,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.customerId))
    .innerJoin(sellerCompanies, eq(sellerCompanies.id, orders.sellerId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { totalCount: total?.n ?? 0, rows: page };
}

/** An order with its buyer's name and email and its seller's name. */
export async function orderWithParties(db: Conn, reference: string) {
  const [row] = await db
    .select({ order: orders, buyerName, buyerEmail: users.email, sellerName: sellerCompanies.name })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.customerId))
    .innerJoin(sellerCompanies, eq(sellerCompanies.id, orders.sellerId))
    .where(eq(orders.reference, reference));
  return row;
}

/** The payment of a checkout (at most one). */
export async function checkoutPayment(db: Conn, checkoutId: number) {
  const [payment] = await db
    .select({ status: payments.status, amount: payments.amount, paidAt: payments.paidAt })
    .from(payments)
    .where(eq(payments.checkoutId, checkoutId));
  return payment;
}

/** The references of a checkout's orders, in order. */
export async function checkoutReferences(db: Conn, checkoutId: number): Promise<string[]> {
  const found = await db
    .select({ reference: orders.reference })
    .from(orders)
    .where(eq(orders.checkoutId, checkoutId))
    .orderBy(asc(orders.reference));
  return found.map((row) => row.reference);
}

/** The checkout an order was placed in. */
export async function checkoutOfOrder(db: Conn, reference: string): Promise<number | undefined> {
  const [order] = await db
    .select({ checkoutId: orders.checkoutId })
    .from(orders)
    .where(eq(orders.reference, reference));
  return order?.checkoutId;
}

/** Marks the checkout's payment refunded if it is 'refund_due'; whether it was. */
export async function markRefunded(db: Conn, checkoutId: number): Promise<boolean> {
  const refunded = await db
    .update(payments)
    .set({ status: 'refunded', updatedAt: new Date() })
    .where(and(eq(payments.checkoutId, checkoutId), eq(payments.status, 'refund_due')))
    .returning({ id: payments.id });
  return refunded.length > 0;
}

/** The stored URLs of an order's proof of payment and purchase order. */
export async function orderAttachments(db: Conn, reference: string) {
  const [row] = await db
    .select({ proof: orders.proofOfPaymentUrl, po: orders.purchaseOrderUrl })
    .from(orders)
    .where(eq(orders.reference, reference));
  return row;
}

/**
 * Orders placed and sales by Manila day since a day. Sales sum the totals of orders whose status is not one of
 * nonSaleStatuses (Denied, Cancelled, Payment Failed, Payment Expired).
 */
export async function salesByDay(db: Conn, since: string) {
  const excluded = sql.join(
    nonSaleStatuses.map((status) => sql`${status}`),
    sql`, `,
  );
  const day = sql<string>`to_char(${orders.createdAt} at time zone 'Asia/Manila', 'YYYY-MM-DD')`;
  const found = await db
    .select({
      day,
      orders: sql<number>`count(*)::int`,
      sales: sql<string>`coalesce(sum(case when ${orders.status}::text in (${excluded}) then 0 else ${orders.total} end), 0)::bigint`,
    })
    .from(orders)
    .where(gte(orders.createdAt, manilaMidnight(since)))
    .groupBy(day);
  return found.map((row) => ({ day: row.day, orders: Number(row.orders), sales: Number(row.sales) }));
}

/** Payments that came after their orders ended and are not refunded yet. */
export async function countRefundsDue(db: Conn): Promise<number> {
  const [row] = await db.select({ n: count() }).from(payments).where(eq(payments.status, 'refund_due'));
  return row?.n ?? 0;
}
