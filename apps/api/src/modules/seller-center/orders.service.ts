import { messages, type SellerOrderDetail, type sellerOrderListQuery } from '@tibay/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { pageOf } from '../../http/page.ts';
import { describeOrder } from '../orders/index.ts';
import * as repository from './orders.repository.ts';

/** The shop's orders, as the seller sees them. Another shop's order is "not found". */

export async function listOrders(
  deps: Pick<Deps, 'db'>,
  sellerId: number,
  query: z.output<typeof sellerOrderListQuery>,
) {
  const { totalCount, rows } = await repository.findShopOrders(deps.db, sellerId, query);
  const items = rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
  return pageOf(items, query, totalCount);
}

/** The seller-center address of an order's purchase order (the stored file's URL is never handed out). */
function purchaseOrderPath(reference: string) {
  return `/api/v1/seller/orders/${reference}/purchase-order`;
}

/** The stored URL of the shop's order's purchase order; null when the order is another shop's or has none. */
export async function purchaseOrderUrl(deps: Pick<Deps, 'db'>, sellerId: number, reference: string) {
  return repository.purchaseOrderUrl(deps.db, sellerId, reference);
}

export async function getOrder(
  deps: Pick<Deps, 'db'>,
  sellerId: number,
  reference: string,
): Promise<SellerOrderDetail> {
  const row = await repository.shopOrder(deps.db, sellerId, reference);
  if (!row) throw new HttpError('NOT_FOUND', messages.orderNotFound);
  const order = row.order;
  return {
    ...(await describeOrder(deps.db, order, 'seller')),
    buyer_name: row.buyerName,
    has_proof_of_payment: order.proofOfPaymentUrl !== null,
    purchase_order_url: order.purchaseOrderUrl ? purchaseOrderPath(order.reference) : null,
  };
}
