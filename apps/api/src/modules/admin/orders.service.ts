import {
  type AdminOrderDetail,
  type AdminOrderListQuery,
  adminMessages,
  messages,
  type PaymentStatus,
} from '@tibay/contract';
import { and, asc, count, desc, eq, exists, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders, payments, sellerCompanies, users } from '../../db/schema/index.ts';
import { containsPattern } from '../../db/sql.ts';
import { HttpError } from '../../http/http-error.ts';
import { buyerName, describeOrder } from '../orders/index.ts';

/** Every order of the marketplace, as administrators see them (spec 3 Admin V2 "Sales"). */

/** 00:00 of a Manila calendar day (Asia/Manila has no daylight saving: always UTC+8). */
export function manilaMidnight(day: string): Date {
  return new Date(`${day}T00:00:00+08:00`);
}

export function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

export async function listOrders(db: Db, query: AdminOrderListQuery) {
  const like = containsPattern(query.q);
  const conditions: (SQL | undefined)[] = [
    query.status === 'ALL' ? undefined : eq(orders.status, query.status),
    query.payment_method ? eq(orders.paymentMethod, query.payment_method) : undefined,
    query.from ? gte(orders.createdAt, manilaMidnight(query.from)) : undefined,
    query.to ? lt(orders.createdAt, manilaMidnight(nextDay(query.to))) : undefined,
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
  ];
  const where = and(...conditions);
  const [total] = await db
    .select({ n: count() })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.customerId))
    .innerJoin(sellerCompanies, eq(sellerCompanies.id, orders.sellerId))
    .where(where);
  const totalCount = total?.n ?? 0;
  const rows = await db
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
  return {
    items: rows.map(({ proof, ...row }) => ({
      ...row,
      has_proof: Boolean(proof),
      created_at: row.created_at.toISOString(),
    })),
    page: query.page,
    pageSize: query.pageSize,
    totalPages: Math.max(1, Math.ceil(totalCount / query.pageSize)),
    totalCount,
  };
}

/** The admin-only address of an order's attachment (the stored file's public URL is never handed out). */
export function attachmentPath(reference: string, kind: 'proof-of-payment' | 'purchase-order') {
  return `/api/v1/admin/orders/${reference}/${kind}`;
}

export async function getOrder(db: Db, reference: string): Promise<AdminOrderDetail> {
  const [row] = await db
    .select({ order: orders, buyerName, buyerEmail: users.email, sellerName: sellerCompanies.name })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.customerId))
    .innerJoin(sellerCompanies, eq(sellerCompanies.id, orders.sellerId))
    .where(eq(orders.reference, reference));
  if (!row) throw new HttpError('NOT_FOUND', messages.orderNotFound);
  const order = row.order;
  return {
    ...(await describeOrder(db, order, 'admin')),
    buyer_name: row.buyerName,
    buyer_email: row.buyerEmail,
    seller_id: order.sellerId,
    seller_name: row.sellerName,
    proof_of_payment_url: order.proofOfPaymentUrl ? attachmentPath(order.reference, 'proof-of-payment') : null,
    purchase_order_url: order.purchaseOrderUrl ? attachmentPath(order.reference, 'purchase-order') : null,
    payment: await checkoutPayment(db, order.checkoutId),
  };
}

/** The payment of a checkout with the references of the orders it pays. */
async function checkoutPayment(db: Db, checkoutId: number): Promise<AdminOrderDetail['payment']> {
  const [payment] = await db
    .select({ status: payments.status, amount: payments.amount, paidAt: payments.paidAt })
    .from(payments)
    .where(eq(payments.checkoutId, checkoutId));
  if (!payment) return null;
  const paid = await db
    .select({ reference: orders.reference })
    .from(orders)
    .where(eq(orders.checkoutId, checkoutId))
    .orderBy(asc(orders.reference));
  return {
    status: payment.status as PaymentStatus,
    amount: payment.amount,
    paid_at: payment.paidAt?.toISOString() ?? null,
    references: paid.map((row) => row.reference),
  };
}

/**
 * An administrator refunded, at the gateway, a payment that came after its orders ended: record it. Only a
 * payment that is 'refund_due' can become 'refunded' (a second click, or any other payment, is refused).
 */
export async function recordRefund(db: Db, reference: string): Promise<void> {
  const [order] = await db
    .select({ checkoutId: orders.checkoutId })
    .from(orders)
    .where(eq(orders.reference, reference));
  if (!order) throw new HttpError('NOT_FOUND', messages.orderNotFound);
  const refunded = await db
    .update(payments)
    .set({ status: 'refunded', updatedAt: new Date() })
    .where(and(eq(payments.checkoutId, order.checkoutId), eq(payments.status, 'refund_due')))
    .returning({ id: payments.id });
  if (refunded.length === 0) throw new HttpError('BUSINESS_RULE', adminMessages.noRefundDue);
}

/** The stored URL of an order's attachment, or null. */
export async function attachmentUrl(
  db: Db,
  reference: string,
  kind: 'proof-of-payment' | 'purchase-order',
): Promise<string | null> {
  const [row] = await db
    .select({ proof: orders.proofOfPaymentUrl, po: orders.purchaseOrderUrl })
    .from(orders)
    .where(eq(orders.reference, reference));
  if (!row) return null;
  return kind === 'proof-of-payment' ? row.proof : row.po;
}
