import {
  type AdminOrderDetail,
  type AdminOrderListQuery,
  adminMessages,
  type adminOrderPage,
  messages,
  type PaymentStatus,
} from '@tibay/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { pageOf } from '../../http/page.ts';
import { describeOrder } from '../orders/index.ts';
import * as sales from './sales.repository.ts';

/** Every order of the marketplace, as administrators see them (spec 3 Admin V2 "Sales"). */

type Attachment = 'proof-of-payment' | 'purchase-order';

export async function listOrders(
  deps: Pick<Deps, 'db'>,
  query: AdminOrderListQuery,
): Promise<z.output<typeof adminOrderPage>> {
  const { totalCount, rows } = await sales.findOrders(deps.db, query);
  const items = rows.map(({ proof, ...row }) => ({
    ...row,
    has_proof: Boolean(proof),
    created_at: row.created_at.toISOString(),
  }));
  return pageOf(items, query, totalCount);
}

/** The admin-only address of an order's attachment (the stored file's public URL is never handed out). */
function attachmentPath(reference: string, kind: Attachment) {
  return `/api/v1/admin/orders/${reference}/${kind}`;
}

export async function getOrder(deps: Pick<Deps, 'db'>, reference: string): Promise<AdminOrderDetail> {
  const row = await sales.orderWithParties(deps.db, reference);
  if (!row) throw new HttpError('NOT_FOUND', messages.orderNotFound);
  const order = row.order;
  return {
    ...(await describeOrder(deps.db, order, 'admin')),
    buyer_name: row.buyerName,
    buyer_email: row.buyerEmail,
    seller_id: order.sellerId,
    seller_name: row.sellerName,
    proof_of_payment_url: order.proofOfPaymentUrl ? attachmentPath(order.reference, 'proof-of-payment') : null,
    purchase_order_url: order.purchaseOrderUrl ? attachmentPath(order.reference, 'purchase-order') : null,
    payment: await checkoutPayment(deps, order.checkoutId),
  };
}

/** The payment of a checkout with the references of the orders it pays. */
async function checkoutPayment(deps: Pick<Deps, 'db'>, checkoutId: number): Promise<AdminOrderDetail['payment']> {
  const payment = await sales.checkoutPayment(deps.db, checkoutId);
  if (!payment) return null;
  return {
    status: payment.status as PaymentStatus,
    amount: payment.amount,
    paid_at: payment.paidAt?.toISOString() ?? null,
    references: await sales.checkoutReferences(deps.db, checkoutId),
  };
}

/**
 * An administrator refunded, at the gateway, a payment that came after its orders ended: record it. Only a
 * payment that is 'refund_due' can become 'refunded' (a second click, or any other payment, is refused).
 */
export async function recordRefund(deps: Pick<Deps, 'db'>, reference: string): Promise<void> {
  const checkoutId = await sales.checkoutOfOrder(deps.db, reference);
  if (checkoutId === undefined) throw new HttpError('NOT_FOUND', messages.orderNotFound);
  if (!(await sales.markRefunded(deps.db, checkoutId))) {
    throw new HttpError('BUSINESS_RULE', adminMessages.noRefundDue);
  }
}

/** The stored URL of an order's attachment, or null. */
export async function attachmentUrl(
  deps: Pick<Deps, 'db'>,
  reference: string,
  kind: Attachment,
): Promise<string | null> {
  const row = await sales.orderAttachments(deps.db, reference);
  if (!row) return null;
  return kind === 'proof-of-payment' ? row.proof : row.po;
}
