import { randomInt } from 'node:crypto';
import { manilaToday, type OrderStatus } from '@tibay/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { preparedRows } from '../../db/prepared.ts';
import { orders } from '../../db/schema/index.ts';

export interface OrderItemRow {
  seller_id: number;
  product_id: number;
  root_product_id: number;
  product_name: string;
  variation_name: string | null;
  sub_variation_name: string | null;
  photo_url: string | null;
  unit_price: number;
  quantity: number;
}

/**
 * Inserts the checkout's orders (one per seller) with their items and first events in one statement, and
 * returns each seller's order id and reference.
 *
 * Order references: 'ORD', the Manila date (YYYYMMDD) and six random digits, so that a reference says nothing about
 * the next one (order tracking is keyed by reference and email). An order whose reference clashes with an older one is
 * simply not inserted, and is tried again with new digits: at ten thousand orders a day a clash is one in a hundred,
 * ten clashes in a row about one in 10^20.
 */
export async function insertOrders(
  tx: Tx,
  batch: {
    orders: Omit<typeof orders.$inferInsert, 'id' | 'reference'>[];
    items: OrderItemRow[];
    events: { status: OrderStatus; note: string }[];
    actorUserId: number;
  },
): Promise<Map<number, { id: number; reference: string }>> {
  const day = manilaToday().replaceAll('-', '');
  const placed = new Map<number, { id: number; reference: string }>();
  for (let attempt = 0; attempt < 10 && placed.size < batch.orders.length; attempt += 1) {
    const pending = batch.orders.filter((order) => !placed.has(order.sellerId));
    const sellers = new Set(pending.map((order) => order.sellerId));
    const orderInsert = tx
      .insert(orders)
      .values(
        pending.map((order) => ({
          ...order,
          reference: randomOrderReference(day),
        })),
      )
      .onConflictDoNothing({ target: orders.reference })
      .returning({ id: orders.id, reference: orders.reference, sellerId: orders.sellerId });
    const items = JSON.stringify(batch.items.filter((item) => sellers.has(item.seller_id)));
    const inserted = await preparedRows<{ id: number; reference: string; seller_id: number }>(
      tx,
      sql`with placed as ${orderInsert},
          items as (
            insert into order_items (order_id, product_id, root_product_id, product_name, variation_name,
                                     sub_variation_name, photo_url, unit_price, quantity, line_total)
            select p.id, i.product_id, i.root_product_id, i.product_name, i.variation_name, i.sub_variation_name,
                   i.photo_url, i.unit_price, i.quantity, i.unit_price * i.quantity
            from placed p
            join jsonb_to_recordset(${items}::jsonb)
              as i(seller_id int, product_id int, root_product_id int, product_name text, variation_name text,
                   sub_variation_name text, photo_url text, unit_price bigint, quantity int)
              on i.seller_id = p.seller_id),
          events as (
            insert into order_events (order_id, status, actor_user_id, note)
            select p.id, e.status::order_status, ${batch.actorUserId}::int, e.note
            from placed p
            cross join jsonb_to_recordset(${JSON.stringify(batch.events)}::jsonb) as e(status text, note text))
          select id, reference, seller_id from placed`,
    );
    for (const row of inserted) placed.set(Number(row.seller_id), { id: Number(row.id), reference: row.reference });
  }
  if (placed.size < batch.orders.length) throw new Error('could not allocate order references');
  return placed;
}

/** 'ORD', the day (YYYYMMDD) and six digits from the system's cryptographic random source. */
export function randomOrderReference(day: string): string {
  return `ORD${day}${String(randomInt(1_000_000)).padStart(6, '0')}`;
}
