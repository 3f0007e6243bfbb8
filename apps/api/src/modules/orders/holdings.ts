import type { Tx } from '../../db/client.ts';
import { returnStock } from '../../lib/stock-ledger.ts';
import { returnLinesToCart } from '../cart/index.ts';
import {
  checkoutHasOrderOutside,
  creditBack,
  creditNetOf,
  deleteVoucherUses,
  linesOfOrders,
  linesWithBuyer,
} from './holdings.repository.ts';

/**
 * What a placed order holds until it is fulfilled: the stock taken for its lines, the credit debited for it and
 * (shared by its checkout) the voucher use. When orders end without being fulfilled — a failed, cancelled or
 * expired payment, or a denial — these go back, inside the caller's transaction.
 */

interface ClosedOrder {
  id: number;
  reference: string;
}

/** Returns the closed orders' stock (through the ledger) and whatever they still owe their credit lines. */
export async function releaseOrderHoldings(tx: Tx, closed: ClosedOrder[], note: string): Promise<void> {
  if (closed.length === 0) return;
  // Stock: every line goes back, in a fixed order (no lock-order deadlocks between concurrent releases).
  const referenceOf = new Map(closed.map((o) => [o.id, o.reference]));
  const items = await linesOfOrders(
    tx,
    closed.map((o) => o.id),
  );
  for (const item of items) {
    await returnStock(tx, {
      productId: item.productId,
      quantity: item.quantity,
      reference: referenceOf.get(item.orderId)!,
      reason: note,
    });
  }

  // Credit: whatever an order still owes its credit line (net of earlier restores) is credited back.
  const owed = await creditNetOf(
    tx,
    closed.map((o) => o.reference),
  );
  for (const row of owed) {
    const debit = -Number(row.net);
    if (debit <= 0) continue;
    await creditBack(tx, { creditLineId: row.creditLineId, amount: debit, reference: row.reference, note });
  }
}

/** Statuses in which an order will never be fulfilled. */
const endedUnfulfilled = ['Denied', 'Cancelled', 'Payment Failed', 'Payment Expired'] as const;

/**
 * Gives the checkout's voucher use back once none of its orders can still be fulfilled (a voucher covers the
 * whole checkout, so one denied order of two keeps it used).
 */
export async function releaseVoucherIfCheckoutEnded(tx: Tx, checkoutId: number): Promise<void> {
  if (await checkoutHasOrderOutside(tx, checkoutId, [...endedUnfulfilled])) return;
  await deleteVoucherUses(tx, checkoutId);
}

/**
 * Puts the lines of unpaid orders (a cancelled, failed or expired gateway payment) back into their buyers' carts,
 * through the cart's own return (the larger quantity wins, nothing is doubled).
 */
export async function returnOrderLinesToCart(tx: Tx, closed: ClosedOrder[]): Promise<void> {
  if (closed.length === 0) return;
  const lines = await linesWithBuyer(
    tx,
    closed.map((o) => o.id),
  );
  await returnLinesToCart(tx, lines);
}
