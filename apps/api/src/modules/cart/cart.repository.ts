import { cartLineCap } from '@tibay/contract';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedRows } from '../../db/prepared.ts';
import { cartItems, carts, users } from '../../db/schema/index.ts';
import { type Conn, rows } from '../../db/sql.ts';

/** The cart's SQL (cart.service.ts holds the rules and the spec's messages). */

/** A node of the product tree as the add statement reads it (a JSON object, hence the column names). */
export interface NodeRow {
  id: number;
  parent_id: number | null;
  depth: number;
  stock: number;
  quantity_limit: number;
  /** What the customer's cart already holds of this node. */
  in_cart: number;
}

/** What the add statement answers. */
export interface AddRow {
  /** The product's active nodes with what the cart holds of each (for the reason when nothing was added). */
  nodes: NodeRow[] | null;
  line: { id: number; product_id: number; quantity: number } | null;
  /** Whether the cart held the chosen leaf when the statement began (null when no leaf was found). */
  had_line: boolean | null;
  count_before: number;
}

/**
 * The add statement (cart.service.ts addToCart says what it does): finds the chosen leaf, and inserts or adds to
 * its line only within the leaf's bound, the upsert re-checking the bound under the row lock. A prepared statement:
 * the hot path of the shop.
 */
export async function addWithinBound(
  db: Db,
  customerId: number,
  selection: { product: number; variation: number | null; sub: number | null; quantity: number },
  requestKey: string | null,
): Promise<AddRow | undefined> {
  const { product, variation, sub } = selection;
  const [row] = await preparedRows<AddRow>(
    db,
    sql`with nodes as materialized (
          select n.id, n.parent_id, n.depth, n.stock, n.quantity_limit,
                 coalesce(c.quantity, 0) as in_cart, c.last_add_key
          from products p
          join seller_companies s on s.id = p.seller_id
          join products n on n.root_id = p.id and n.is_active
          left join cart_items c on c.customer_id = ${customerId} and c.product_id = n.id
          where p.id = ${product} and p.depth = 0 and p.is_active and s.status = 'approved'),
        leaf as (
          select n.id, greatest(0, least(n.stock, n.quantity_limit, ${cartLineCap}::int)) as bound, n.in_cart,
                 coalesce(n.last_add_key = ${requestKey}::text, false) as repeated
          from nodes n
          where n.id = coalesce(${sub}::int, ${variation}::int, ${product}::int)
            and not exists (select 1 from nodes c where c.parent_id = n.id)
            and case n.depth
                  when 0 then ${variation}::int is null and ${sub}::int is null
                  when 1 then n.parent_id = ${product}::int and ${sub}::int is null
                  else n.parent_id = ${variation}::int
                       and exists (select 1 from nodes v where v.id = ${variation}::int and v.parent_id = ${product}::int)
                end),
        line as (
          insert into cart_items (customer_id, product_id, quantity, last_add_key)
          -- least(): a huge quantity is never inserted, but must still fit the column when the plan folds it
          select ${customerId}, leaf.id, least(${selection.quantity}::bigint, ${cartLineCap}::int)::int,
                 ${requestKey}::text
          from leaf
          where ${selection.quantity}::bigint <= leaf.bound
            and (${selection.quantity}::bigint <= leaf.bound - leaf.in_cart or leaf.repeated)
          on conflict (customer_id, product_id) do update
            set quantity = case when cart_items.last_add_key = excluded.last_add_key then cart_items.quantity
                                else cart_items.quantity + excluded.quantity end,
                marked = true,
                last_add_key = excluded.last_add_key,
                updated_at = now()
            where cart_items.last_add_key = excluded.last_add_key
               or cart_items.quantity + excluded.quantity <= (select bound from leaf)
          returning id, product_id, quantity)
        select (select json_agg(nodes order by depth, id) from nodes) as nodes,
               (select row_to_json(line) from line) as line,
               (select in_cart > 0 from leaf) as had_line,
               (select count(*) from cart_items where customer_id = ${customerId})::int as count_before`,
  );
  return row;
}

/** What the customer's cart holds of a product node (0 when no line). */
export async function lineQuantity(db: Conn, customerId: number, productId: number): Promise<number> {
  const [line] = await db
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.customerId, customerId), eq(cartItems.productId, productId)));
  return line?.quantity ?? 0;
}

/** Lines in the customer's cart. */
export async function countLines(db: Conn, customerId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(cartItems).where(eq(cartItems.customerId, customerId));
  return row?.n ?? 0;
}

/** A cart line with what the popup shows (the columns lineRows selects). */
export interface LineRow {
  id: number;
  product_id: number;
  root_product_id: number;
  depth: number;
  product_name: string;
  variation_name: string | null;
  sub_variation_name: string | null;
  photo: string | null;
  seller_id: number;
  seller_name: string;
  unit_price: string | number;
  list_price: string | number;
  selling_unit: string;
  quantity: number;
  quantity_limit: number;
  stock: number;
  available: boolean;
  marked: boolean;
  created_at: Date | string;
}

/**
 * The customer's lines with everything the popup shows, read from the product tree: the leaf's own price
 * (discounted when at least ₱1), stock and limit; the names of the product, variation and sub-variation by depth;
 * the product's photo (the thumbnail first) and the shop's name.
 */
export async function lineRows(db: Conn, customerId: number, lineId?: number): Promise<LineRow[]> {
  return rows<LineRow>(
    db,
    sql`select c.id, c.product_id, r.id as root_product_id, n.depth,
               r.name as product_name,
               case when n.depth = 1 then n.name when n.depth = 2 then v.name end as variation_name,
               case when n.depth = 2 then n.name end as sub_variation_name,
               (select i.url from product_images i where i.product_id = r.id
                 order by i.is_thumbnail desc, i.sort_order, i.id limit 1) as photo,
               s.id as seller_id, s.name as seller_name,
               case when n.discounted_price >= 100 then n.discounted_price else n.price end as unit_price,
               n.price as list_price, r.selling_unit,
               c.quantity, n.quantity_limit, n.stock,
               (n.is_active and r.is_active and coalesce(v.is_active, true) and s.status = 'approved') as available,
               c.marked, c.created_at
        from cart_items c
        join products n on n.id = c.product_id
        join products r on r.id = coalesce(n.root_id, n.id)
        left join products v on n.depth = 2 and v.id = n.parent_id
        join seller_companies s on s.id = n.seller_id
        where c.customer_id = ${customerId} ${lineId === undefined ? sql`` : sql`and c.id = ${lineId}`}
        order by c.created_at desc, c.id desc`,
  );
}

/** The customer's saved delivery address and the cart's order instructions. */
export async function cartDetails(db: Conn, customerId: number) {
  const [customer] = await db
    .select({ address: users.address, instructions: carts.orderInstructions })
    .from(users)
    .leftJoin(carts, eq(carts.customerId, users.id))
    .where(eq(users.id, customerId));
  return customer;
}

/** Marks or unmarks those of the ids that are the customer's lines. */
export async function setMarks(db: Conn, customerId: number, ids: number[], marked: boolean): Promise<void> {
  await db
    .update(cartItems)
    .set({ marked })
    .where(and(eq(cartItems.customerId, customerId), inArray(cartItems.id, ids)));
}

/** Stores the cart's order instructions. */
export async function upsertInstructions(db: Conn, customerId: number, orderInstructions: string): Promise<void> {
  await db
    .insert(carts)
    .values({ customerId, orderInstructions })
    .onConflictDoUpdate({ target: carts.customerId, set: { orderInstructions, updatedAt: sql`now()` } });
}

/**
 * Sets the quantity of the customer's line when it is within the leaf's current bound (limit, stock, 1200),
 * checked in the same statement; false when nothing was changed.
 */
export async function setQuantityWithinBound(
  db: Conn,
  customerId: number,
  lineId: number,
  quantity: number,
): Promise<boolean> {
  const updated = await rows<{ id: number }>(
    db,
    sql`update cart_items c set quantity = ${quantity}, updated_at = now()
        from products n
        where c.id = ${lineId} and c.customer_id = ${customerId} and n.id = c.product_id
          and ${quantity} <= least(n.quantity_limit, n.stock, ${cartLineCap})
        returning c.id`,
  );
  return updated.length > 0;
}

/** Deletes those of the ids that are the customer's lines; answers the ids deleted. */
export async function deleteLines(db: Conn, customerId: number, ids: number[]): Promise<number[]> {
  const gone = await db
    .delete(cartItems)
    .where(and(eq(cartItems.customerId, customerId), inArray(cartItems.id, ids)))
    .returning({ id: cartItems.id });
  return gone.map((row) => row.id);
}

// Lines given back by orders that were not paid (orders/holdings.ts) -------------------------------------------------

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
