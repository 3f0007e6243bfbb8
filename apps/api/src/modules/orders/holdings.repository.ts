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

/** The SQL of what a placed order holds and gives back (holdings.ts), inside the caller's transaction. */

type OrderStatus = (typeof orders.$inferSelect)['status'];

/** The orders' lines, in a fixed order (product, then line): releases lock the stock rows in that order. */
export async function linesOfOrders(tx: Tx, orderIds: number[]) {
  return tx
    .select({ orderId: orderItems.orderId, productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(orderItems.productId, orderItems.id);
}

/** What the orders' credit transactions add up to, per credit line and order reference (negative: still owed). */
export async function creditNetOf(tx: Tx, references: string[]) {
  return tx
    .select({
      creditLineId: creditTransactions.creditLineId,
      reference: creditTransactions.reference,
      net: sql<string>`sum(${creditTransactions.amount})`,
    })
    .from(creditTransactions)
    .where(inArray(creditTransactions.reference, references))
    .groupBy(creditTransactions.creditLineId, creditTransactions.reference)
    .orderBy(creditTransactions.creditLineId, creditTransactions.reference);
}

/** Credits `amount` back to the credit line (its used amount never below 0) and records the transaction. */
export async function creditBack(
  tx: Tx,
  restore: { creditLineId: number; amount: number; reference: string; note: string },
): Promise<void> {
  await tx
    .update(creditLines)
    .set({
      balance: sql`${creditLines.balance} + ${restore.amount}`,
      used: sql`greatest(${creditLines.used} - ${restore.amount}, 0)`,
    })
    .where(eq(creditLines.id, restore.creditLineId));
  await tx.insert(creditTransactions).values({
    creditLineId: restore.creditLineId,
    amount: restore.amount,
    reference: restore.reference,
    note: restore.note,
  });
}

/** Whether the checkout has an order in none of the given statuses. */
export async function checkoutHasOrderOutside(tx: Tx, checkoutId: number, statuses: OrderStatus[]): Promise<boolean> {
  const [live] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.checkoutId, checkoutId), notInArray(orders.status, statuses)))
    .limit(1);
  return live !== undefined;
}

/** Deletes the checkout's voucher redemptions and lowers each voucher's use count by one (never below 0). */
export async function deleteVoucherUses(tx: Tx, checkoutId: number): Promise<void> {
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

/** The orders' lines with their buyer, by product. */
export async function linesWithBuyer(tx: Tx, orderIds: number[]) {
  return tx
    .select({ customerId: orders.customerId, productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(orderItems.productId);
}
