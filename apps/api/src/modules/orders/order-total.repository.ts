import type { OrderStatus } from '@tibay/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { orderEvents, orders, payments } from '../../db/schema/index.ts';

/** The SQL of lowering an order's total (order-total.ts), inside the caller's transaction. */

/** Sets the total only while it is still `from`; false when another change came first. */
export async function setTotalIf(tx: Tx, orderId: number, from: number, to: number): Promise<boolean> {
  const changed = await tx
    .update(orders)
    .set({ total: to, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.total, from)))
    .returning({ id: orders.id });
  return changed.length > 0;
}

/** Lowers the checkout's payments still waiting to be paid by `amount` (never below 0); how much was taken off. */
export async function lowerPendingPayments(tx: Tx, checkoutId: number, amount: number): Promise<number> {
  const lowered = await tx
    .update(payments)
    .set({ amount: sql`greatest(${payments.amount} - ${amount}, 0)`, updatedAt: new Date() })
    .where(and(eq(payments.checkoutId, checkoutId), eq(payments.status, 'pending')))
    .returning({ id: payments.id });
  return lowered.length > 0 ? amount : 0;
}

export async function addEvent(
  tx: Tx,
  event: { orderId: number; status: OrderStatus; actorUserId: number; note: string },
): Promise<void> {
  await tx.insert(orderEvents).values(event);
}
