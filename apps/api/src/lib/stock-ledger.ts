import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { preparedRows } from '../db/prepared.ts';
import { products, stockMovements } from '../db/schema/index.ts';
import { intArray } from '../db/sql.ts';

/**
 * The only way application code changes products.stock: each change is one conditional UPDATE plus its
 * stock_movements row, inside the caller's transaction. Stock never goes below zero: the UPDATE only
 * matches while enough stock is left (and the CHECK constraint backs it up).
 */

type Kind = (typeof stockMovements.$inferInsert)['kind'];

interface Movement {
  productId: number;
  quantity: number;
  /** What caused it: an order reference, a transfer id, a receive reference. */
  reference: string;
  reason?: string;
  actorUserId?: number | null;
  /** The warehouse the units entered or left, when one did (purchase receives). */
  warehouseId?: number | null;
}

/**
 * Takes `quantity` units of a leaf for an order ('commit'). Returns false, changing nothing, when fewer
 * than `quantity` are in stock — the caller rolls its transaction back and tells the buyer.
 */
export async function takeStock(tx: Tx | Db, movement: Movement, kind: Kind = 'commit'): Promise<boolean> {
  if (!Number.isInteger(movement.quantity) || movement.quantity <= 0) throw new Error('quantity must be > 0');
  const updated = await tx
    .update(products)
    .set({ stock: sql`${products.stock} - ${movement.quantity}`, updatedAt: new Date() })
    .where(and(eq(products.id, movement.productId), gte(products.stock, movement.quantity)))
    .returning({ id: products.id });
  if (updated.length === 0) return false;
  await tx.insert(stockMovements).values({ ...movement, kind, quantity: -movement.quantity });
  return true;
}

/**
 * Takes stock for several leaves at once ('commit'), each with its own movement, in one statement. Returns
 * the product ids that had too little stock; when any did, the others were still taken, so the caller must
 * roll its transaction back. Rows are locked in id order first, so concurrent checkouts of overlapping
 * products cannot deadlock. A product may appear only once.
 */
export async function takeStocks(tx: Tx, movements: Movement[]): Promise<number[]> {
  if (movements.length === 0) return [];
  for (const movement of movements) {
    if (!Number.isInteger(movement.quantity) || movement.quantity <= 0) throw new Error('quantity must be > 0');
  }
  const wanted = movements.map((m) => ({
    product_id: m.productId,
    quantity: m.quantity,
    reference: m.reference,
    reason: m.reason ?? null,
    actor_user_id: m.actorUserId ?? null,
  }));
  // The ids as an array too: the planner cannot see how many rows jsonb_to_recordset gives (it guesses 100) and
  // would read the whole products table; `id = any(array)` finds the rows by primary key.
  const ids = intArray(movements.map((m) => m.productId));
  const result = await preparedRows<{ id: number }>(
    tx,
    sql`with wanted as (
          select * from jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb)
            as w(product_id int, quantity int, reference text, reason text, actor_user_id int)
        ), locked as materialized (
          select p.id from products p where p.id = any(${ids}) order by p.id for no key update
        ), taken as (
          update products p set stock = p.stock - w.quantity, updated_at = now()
          from wanted w
          where p.id = w.product_id and p.id = any(${ids}) and p.id in (select id from locked)
            and p.stock >= w.quantity
          returning p.id
        ), moved as (
          insert into stock_movements (product_id, kind, quantity, reference, reason, actor_user_id)
          select w.product_id, 'commit', -w.quantity, w.reference, w.reason, w.actor_user_id
          from wanted w join taken t on t.id = w.product_id
        )
        select id from taken`,
  );
  const taken = new Set(result.map((row) => Number(row.id)));
  return movements.map((m) => m.productId).filter((id) => !taken.has(id));
}

/** Puts units back ('release' for a denied, cancelled or expired order; 'receive' for new stock). */
export async function returnStock(tx: Tx | Db, movement: Movement, kind: Kind = 'release'): Promise<void> {
  if (!Number.isInteger(movement.quantity) || movement.quantity <= 0) throw new Error('quantity must be > 0');
  await tx
    .update(products)
    .set({ stock: sql`${products.stock} + ${movement.quantity}`, updatedAt: new Date() })
    .where(eq(products.id, movement.productId));
  await tx.insert(stockMovements).values({ ...movement, kind, quantity: movement.quantity });
}
