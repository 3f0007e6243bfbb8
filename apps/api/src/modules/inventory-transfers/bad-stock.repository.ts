import type { OrderStatus } from '@tibay/contract';
import { sql } from 'drizzle-orm';
import { badStockTransfers } from '../../db/schema/index.ts';
import { type Conn, containsPattern, rows } from '../../db/sql.ts';

/** The SQL of bad stock transfers: finding orders and their lines, and recording what was set aside. */

/** Orders whose stock is already back (decision 0028): nothing of theirs can be set aside as bad stock. */
export const endedUnfulfilled: OrderStatus[] = ['Denied', 'Cancelled', 'Payment Failed', 'Payment Expired'];
const ended = sql.join(
  endedUnfulfilled.map((status) => sql`${status}`),
  sql`, `,
);

/** Spec 3 §7 "bad stock order form search": orders whose reference contains the text, newest first (at most 20). */
export function searchOrders(db: Conn, query: string) {
  const match = query ? sql`and o.reference ilike ${containsPattern(query)}` : sql``;
  return rows<{ id: number; reference_no: string; total_amount: number; name: string }>(
    db,
    sql`select o.id, o.reference as reference_no, o.total::float8 as total_amount,
               trim(u.first_name || ' ' || u.last_name) as name
        from orders o join users u on u.id = o.customer_id
        where o.status not in (${ended}) ${match}
        order by o.created_at desc, o.id desc limit 20`,
  );
}

export interface OrderHead {
  id: number;
  reference: string;
  total: number;
  status: OrderStatus;
  checkout_id: number;
  customer_id: number;
  name: string;
}

/** The order by reference; `lock` holds its row until the transaction ends (bad stock transfers take turns). */
export async function findOrder(db: Conn, reference: string, lock = false): Promise<OrderHead | undefined> {
  const [row] = await rows<OrderHead>(
    db,
    sql`select o.id, o.reference, o.total::float8 as total, o.status, o.checkout_id, o.customer_id,
               trim(u.first_name || ' ' || u.last_name) as name
        from orders o join users u on u.id = o.customer_id
        where o.reference = ${reference} ${lock ? sql`for update of o` : sql``}`,
  );
  return row ? { ...row, total: Number(row.total) } : undefined;
}

/** The order's lines with the units already set aside from each. */
export async function orderLines(db: Conn, orderId: number) {
  const found = await rows<{
    id: number;
    product_id: number;
    name: string;
    quantity: number;
    price: number;
    amount: number;
    transferred: number;
  }>(
    db,
    sql`select i.id, i.product_id,
               concat_ws(' - ', i.product_name, i.variation_name, i.sub_variation_name) as name,
               i.quantity, i.unit_price::float8 as price, i.line_total::float8 as amount,
               coalesce((select sum(b.quantity) from bad_stock_transfers b where b.order_item_id = i.id), 0)::int
                 as transferred
        from order_items i where i.order_id = ${orderId} order by i.id`,
  );
  return found.map((row) => ({
    id: Number(row.id),
    product_id: Number(row.product_id),
    name: row.name,
    quantity: Number(row.quantity),
    price: Number(row.price),
    amount: Number(row.amount),
    transferable: Number(row.quantity) - Number(row.transferred),
  }));
}

export async function insertBadStock(db: Conn, values: typeof badStockTransfers.$inferInsert): Promise<number> {
  const [row] = await db.insert(badStockTransfers).values(values).returning({ id: badStockTransfers.id });
  return row!.id;
}
