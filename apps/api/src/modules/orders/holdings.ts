import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  creditLines,
  creditTransactions,
  orderItems,
  orders,
  voucherRedemptions,
  vouchers,
} from '../../db/schema/index.ts';
import { returnStock } from '../../lib/stock-ledger.ts';
import { returnLinesToCart } from '../cart/index.ts';

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
  const items = await tx
    .select({ orderId: orderItems.orderId, productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        closed.map((o) => o.id),
      ),
    )
    .orderBy(orderItems.productId, orderItems.id);
  for (const item of items) {
    await returnStock(tx, {
      productId: item.productId,
      quantity: item.quantity,
      reference: referenceOf.get(item.orderId)!,
      reason: note,
    });
  }

  // Credit: whatever an order still owes its credit line (net of earlier restores) is credited back.
  const owed = await tx
    .select({
      creditLineId: creditTransactions.creditLineId,
      reference: creditTransactions.reference,
      net: sql<string>`sum(${creditTransactions.amount})`,
    })
    .from(creditTransactions)
    .where(
      inArray(
        creditTransactions.reference,
        closed.map((o) => o.reference),
      ),
    )
    .groupBy(creditTransactions.creditLineId, creditTransactions.reference)
    .orderBy(creditTransactions.creditLineId, creditTransactions.reference);
  for (const row of owed) {
    const debit = -Number(row.net);
    if (debit <= 0) continue;
    await tx
      .update(creditLines)
      .set({
        balance: sql`${creditLines.balance} + ${debit}`,
        used: sql`greatest(${creditLines.used} - ${debit}, 0)`,
      })
      .where(eq(creditLines.id, row.creditLineId));
    await tx
      .insert(creditTransactions)
      .values({ creditLineId: row.creditLineId, amount: debit, reference: row.reference, note });
  }
}

/** Statuses in which an order will never be fulfilled. */
const endedUnfulfilled = ['Denied', 'Cancelled', 'Payment Failed', 'Payment Expired'] as const;

/**
 * Gives the checkout's voucher use back once none of its orders can still be fulfilled (a voucher covers the
 * whole checkout, so one denied order of two keeps it used).
 */
export async function releaseVoucherIfCheckoutEnded(tx: Tx, checkoutId: number): Promise<void> {
  const [live] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.checkoutId, checkoutId), notInArray(orders.status, [...endedUnfulfilled])))
    .limit(1);
  if (live) return;
  const redemptions = await tx
    .delete(voucherRedemptions)
    .where(eq(voucherRedemptions.checkoutId, checkoutId))
    .returning({ voucherId: voucherRedemptions.voucherId });
  for (const redemption of redemptions) {
    await tx
      .update(vouchers)
      .set({ usedCount: sql`greatest(${vouchers.usedCount} - 1, 0)` })
      .where(eq(vouchers.id, redemption.voucherId));
  }
}

/**
 * Puts the lines of unpaid orders (a cancelled, failed or expired gateway payment) back into their buyers' carts,
 * through the cart's own return (the larger quantity wins, nothing is doubled).
 */
export async function returnOrderLinesToCart(tx: Tx, closed: ClosedOrder[]): Promise<void> {
  if (closed.length === 0) return;
  const lines = await tx
    .select({ customerId: orders.customerId, productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      inArray(
        orderItems.orderId,
        closed.map((o) => o.id),
      ),
    )
    .orderBy(orderItems.productId);
  await returnLinesToCart(tx, lines);
}
