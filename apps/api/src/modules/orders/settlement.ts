import type { Db, Tx } from '../../db/client.ts';
import { releaseOrderHoldings, releaseVoucherIfCheckoutEnded, returnOrderLinesToCart } from './holdings.ts';
import {
  closePendingOrders,
  endPendingPayment,
  insertOrderEvents,
  lockCheckoutPayment,
  markEndedPaymentRefundDue,
  markPendingPaymentPaid,
  overdueCheckouts,
  verifyPendingOrders,
} from './settlement.repository.ts';

/**
 * Settlement of a gateway checkout: the one place that moves its orders out of Pending because of a payment.
 * Every change is guarded by "still pending" inside one transaction (the conditional UPDATE locks the rows, so
 * two webhooks or a webhook and the expiry sweep racing each other settle a checkout once).
 */

type Handle = Db | Tx;

export type UnpaidOrderStatus = 'Payment Failed' | 'Cancelled' | 'Payment Expired';

/** What a gateway reported about a checkout's payment. */
export type PaymentOutcome = 'paid' | 'failed' | 'cancelled' | 'expired';

/**
 * What settling changed: 'verified' (paid: its orders are Verified), 'refund due' (paid after the orders had
 * ended: the money is owed back), 'ended' (not paid: its orders ended, holdings released) or 'unchanged'.
 */
export type Settlement = 'verified' | 'refund due' | 'ended' | 'unchanged';

const unpaidStatusOf: Record<Exclude<PaymentOutcome, 'paid'>, UnpaidOrderStatus> = {
  failed: 'Payment Failed',
  cancelled: 'Cancelled',
  expired: 'Payment Expired',
};

/**
 * Payments asks the orders to settle a checkout after a gateway's verified event (inside the caller's
 * transaction, with the event's record). The effects — mails, Lalamove bookings — follow its commit
 * (effects.ts afterSettlement).
 */
export async function settleCheckout(
  db: Handle,
  checkoutId: number,
  outcome: PaymentOutcome,
  note: string,
): Promise<Settlement> {
  if (outcome !== 'paid')
    return (await settleUnpaid(db, checkoutId, unpaidStatusOf[outcome], note)) ? 'ended' : 'unchanged';
  if (await settlePaid(db, checkoutId, note)) return 'verified';
  // Paid after the orders ended: the buyer is owed the money back (an administrator refunds it).
  if (await recordLatePayment(db, checkoutId)) return 'refund due';
  return 'unchanged';
}

const paymentStatusOf: Record<UnpaidOrderStatus, 'failed' | 'cancelled' | 'expired'> = {
  'Payment Failed': 'failed',
  Cancelled: 'cancelled',
  'Payment Expired': 'expired',
};

/**
 * The gateway reported the checkout paid: its pending payment becomes 'paid' and its Pending orders Verified.
 * Only from pending: a payment already settled (paid, failed, cancelled, expired) changes nothing, so a second
 * call is harmless.
 */
export async function settleCheckoutPaid(db: Handle, checkoutId: number, note: string): Promise<void> {
  await settlePaid(db, checkoutId, note);
}

/** settleCheckoutPaid, telling whether this call changed the checkout. */
export async function settlePaid(db: Handle, checkoutId: number, note: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const paid = await markPendingPaymentPaid(tx, checkoutId, now);
    if (paid.length === 0) return false;
    const verified = await verifyPendingOrders(tx, checkoutId, now);
    if (verified.length > 0) {
      await insertOrderEvents(
        tx,
        verified.map((o) => o.id),
        'Verified',
        note,
      );
    }
    return true;
  });
}

/**
 * The gateway reported a payment for a checkout that had already ended unpaid (its window passed, or it failed or
 * was cancelled): the orders cannot come back (their stock went back), so the money is owed to the buyer. The
 * payment becomes 'refund_due' with its paid_at, for an administrator to refund (Sales, dashboard). Returns false
 * when the payment was not in an ended state (still pending, already paid, or already recorded).
 */
export async function recordLatePayment(db: Handle, checkoutId: number): Promise<boolean> {
  const now = new Date();
  const owed = await markEndedPaymentRefundDue(db, checkoutId, now);
  return owed.length > 0;
}

/**
 * The checkout was not paid (the gateway reported a failure or a cancellation, or the payment window passed).
 * In one transaction: only its Pending orders move to `status` (with cancelled_at and an order event); every
 * item's stock is released through the stock ledger; the voucher use and any credit debit are given back; the
 * pending payment becomes failed / cancelled / expired. A second call finds nothing Pending and changes nothing.
 */
export async function settleCheckoutUnpaid(
  db: Handle,
  checkoutId: number,
  status: UnpaidOrderStatus,
  note: string,
): Promise<void> {
  await settleUnpaid(db, checkoutId, status, note);
}

/** settleCheckoutUnpaid, telling whether this call changed the checkout. */
export async function settleUnpaid(
  db: Handle,
  checkoutId: number,
  status: UnpaidOrderStatus,
  note: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const now = new Date();
    // Lock order: the payment first, then the orders — as settlePaid does — so the two never deadlock.
    await lockCheckoutPayment(tx, checkoutId);
    const closed = await closePendingOrders(tx, checkoutId, status, now);
    await endPendingPayment(tx, checkoutId, paymentStatusOf[status], now);
    if (closed.length === 0) return false;

    await insertOrderEvents(
      tx,
      closed.map((o) => o.id),
      status,
      note,
    );

    // Stock and credit go back through the shared release; the voucher too, since the whole checkout ended.
    await releaseOrderHoldings(tx, closed, `${status}: ${note}`);
    await releaseVoucherIfCheckoutEnded(tx, checkoutId);
    // Nothing was bought: the items wait in the cart for the buyer to pay again.
    await returnOrderLinesToCart(tx, closed);
    return true;
  });
}

/**
 * Settles as 'Payment Expired' every checkout with a Pending order whose payment window (payment_expires_at)
 * has passed. Called by the periodic sweep, and before an order's status is read (with `checkoutId`, to look
 * at that checkout only). Returns the checkout ids it expired.
 */
export async function expireOverdue(
  db: Db,
  now: Date = new Date(),
  options: { checkoutId?: number } = {},
): Promise<number[]> {
  const overdue = await overdueCheckouts(db, now, options.checkoutId);
  const expired: number[] = [];
  for (const { checkoutId } of overdue) {
    if (await settleUnpaid(db, checkoutId, 'Payment Expired', 'The payment window passed without a payment.')) {
      expired.push(checkoutId);
    }
  }
  return expired;
}
