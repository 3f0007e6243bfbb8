import { type CheckoutResult, messages, orderReference } from '@tibay/contract';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { currentOrdersOf, orderStatusRow, storedCheckoutResponse } from './orders.repository.ts';
import { expireOverdue } from './settlement.ts';

/** What the payment pages poll, and the checkout fallback by reference: the customer's own orders only. */

const notFound = () => new HttpError('NOT_FOUND', messages.orderNotFound);

/** The reference as stored, or 404 when it cannot be one. */
function storedReference(reference: string): string {
  const upper = reference.toUpperCase();
  if (!orderReference.safeParse(upper).success) throw notFound();
  return upper;
}

/** The order's status (spec 2 §4). An unpaid gateway order past its window reads as expired at once. */
export async function orderStatus(deps: Pick<Deps, 'db'>, customerId: number, rawReference: string) {
  const reference = storedReference(rawReference);
  let order = await orderStatusRow(deps.db, customerId, reference);
  if (order?.status === 'Pending' && order.paymentExpiresAt && order.paymentExpiresAt <= new Date()) {
    await expireOverdue(deps.db, new Date(), { checkoutId: order.checkoutId });
    order = await orderStatusRow(deps.db, customerId, reference);
  }
  if (!order) throw notFound();
  return { reference: order.reference, status: order.status };
}

/**
 * The spec's "checkout fallback": the stored result of the checkout that created this order, with each order's
 * status as it is now (paid, expired, verified since) and its courier share link once the delivery is booked.
 */
export async function checkoutByReference(
  deps: Pick<Deps, 'db'>,
  customerId: number,
  rawReference: string,
): Promise<CheckoutResult> {
  const reference = storedReference(rawReference);
  const stored = (await storedCheckoutResponse(deps.db, customerId, reference)) as { result?: CheckoutResult } | null;
  if (!stored?.result) throw notFound();
  return withCurrentOrders(deps, stored.result, { status: true });
}

/**
 * A checkout result with each order's courier share link as it is now (booked after the answer was stored:
 * a gateway order's once paid, a bank transfer's once verified), and with `status`, its current status too.
 */
export async function withCurrentOrders(
  deps: Pick<Deps, 'db'>,
  result: CheckoutResult,
  options: { status: boolean },
): Promise<CheckoutResult> {
  const current = await currentOrdersOf(deps.db, result.checkout_id);
  return {
    ...result,
    orders: result.orders.map((order) => ({
      ...order,
      status: options.status ? (current.get(order.reference)?.status ?? order.status) : order.status,
      share_link: current.get(order.reference)?.shareLink ?? order.share_link,
    })),
  };
}
