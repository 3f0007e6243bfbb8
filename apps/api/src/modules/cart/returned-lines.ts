import { cartLineCap } from '@tibay/contract';
import { sql } from 'drizzle-orm';
import { cartItems } from '../../db/schema/index.ts';
import type { Conn } from '../../db/sql.ts';

export interface ReturnedLine {
  customerId: number;
  productId: number;
  quantity: number;
  /** The line's id when it left the cart (a checkout that could not start its payment gives it back under it). */
  id?: number;
}

/**
 * Puts lines that were bought and then not paid back into their buyers' carts, so they can pay again (a failed,
 * cancelled or expired payment). A product already back in the cart keeps the larger of the two quantities —
 * never summed: a line returned twice, or re-added meanwhile, is not doubled. A new line comes back marked.
 */
export async function returnLinesToCart(conn: Conn, lines: ReturnedLine[]): Promise<void> {
  if (lines.length === 0) return;
  await conn
    .insert(cartItems)
    .values(
      lines.map((line) => ({
        ...(line.id === undefined ? {} : { id: line.id }),
        customerId: line.customerId,
        productId: line.productId,
        quantity: Math.min(line.quantity, cartLineCap),
      })),
    )
    .onConflictDoUpdate({
      target: [cartItems.customerId, cartItems.productId],
      set: { quantity: sql`greatest(${cartItems.quantity}, excluded.quantity)`, updatedAt: new Date() },
    });
}
