import {
  type AddToCartResponse,
  type addToCartRequest,
  type CartLine,
  type CartResponse,
  cartLineCap,
  cartQuantityProblem,
  type LeafDepth,
  messages,
  onlyItemsMessage,
} from '@tibay/contract';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { preparedRows } from '../../db/prepared.ts';
import { cartItems, carts, users } from '../../db/schema/index.ts';
import { rows } from '../../db/sql.ts';
import { HttpError } from '../../http/http-error.ts';

type AddToCart = z.output<typeof addToCartRequest>;

interface NodeRow {
  id: number;
  parent_id: number | null;
  depth: number;
  stock: number;
  quantity_limit: number;
  /** What the customer's cart already holds of this node. */
  in_cart: number;
}

const cannotDetermine = () => new HttpError('BUSINESS_RULE', messages.cannotDetermineProduct);

/**
 * The leaf a selection points at, following the spec's popup rules: a product without variations is its own
 * leaf; with variations one must be chosen; with sub-variations one of those too. Ids that do not form a
 * path of active nodes under a listed product cannot be determined (the product's active nodes are given).
 */
function leafOf(nodes: NodeRow[], selection: AddToCart): NodeRow {
  const root = nodes.find((node) => node.id === selection.product_id && node.depth === 0);
  if (!root) throw cannotDetermine();
  const variations = nodes.filter((node) => node.depth === 1 && node.parent_id === root.id);
  if (variations.length === 0) {
    if (selection.variation_id || selection.sub_variation_id) throw cannotDetermine();
    return root;
  }
  if (!selection.variation_id) {
    if (selection.sub_variation_id) throw cannotDetermine();
    throw new HttpError('BUSINESS_RULE', messages.selectVariation);
  }
  const variation = variations.find((node) => node.id === selection.variation_id);
  if (!variation) throw cannotDetermine();
  const subs = nodes.filter((node) => node.depth === 2 && node.parent_id === variation.id);
  if (subs.length === 0) {
    if (selection.sub_variation_id) throw cannotDetermine();
    return variation;
  }
  if (!selection.sub_variation_id) throw new HttpError('BUSINESS_RULE', messages.selectSubVariation);
  const sub = subs.find((node) => node.id === selection.sub_variation_id);
  if (!sub) throw cannotDetermine();
  return sub;
}

/** The most a cart line of this leaf may hold: its stock, its quantity limit, and never more than 1200. */
const boundOf = (leaf: Pick<NodeRow, 'stock' | 'quantity_limit'>) =>
  Math.max(0, Math.min(leaf.stock, leaf.quantity_limit, cartLineCap));

async function lineQuantity(db: Db, customerId: number, productId: number): Promise<number> {
  const [line] = await db
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.customerId, customerId), eq(cartItems.productId, productId)));
  return line?.quantity ?? 0;
}

interface AddRow {
  /** The product's active nodes with what the cart holds of each (for the reason when nothing was added). */
  nodes: NodeRow[] | null;
  line: { id: number; product_id: number; quantity: number } | null;
  /** Whether the cart held the chosen leaf when the statement began (null when no leaf was found). */
  had_line: boolean | null;
  count_before: number;
}

/**
 * Adds a quantity of the chosen leaf to the customer's cart (adding to an existing line), in one statement: it
 * finds the leaf the way leafOf() does, and inserts or adds only while the line stays within the leaf's bound
 * (boundOf); the upsert re-checks that bound under the row lock, so two concurrent adds cannot pass it together.
 * The line is marked (an added item is one the buyer means to check out).
 *
 * requestKey (the Idempotency-Key header) makes a repeated add count once: the line keeps the key of its last add,
 * and an add whose key matches it leaves the quantity as it is and answers the line. The upsert compares under the
 * row lock, so a duplicate that arrives while the first is still running waits for it and then adds nothing. Only
 * the last add's key is kept per line: enough for double clicks and retries, at no extra statement or table.
 * When nothing was added, leafOf() and the bound say why, with the spec's messages.
 */
export async function addToCart(
  db: Db,
  customerId: number,
  selection: AddToCart,
  requestKey: string | null = null,
): Promise<AddToCartResponse> {
  const product = selection.product_id;
  const variation = selection.variation_id ?? null;
  const sub = selection.sub_variation_id ?? null;
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
  if (row?.line) {
    // The count saw the cart as it was before this statement: a line that was not there then is one more.
    const cartCount = Number(row.count_before) + (row.had_line ? 0 : 1);
    return { success: true, message: messages.itemAddedToCart, cart_item: row.line, cart_count: cartCount };
  }
  const leaf = leafOf(row?.nodes ?? [], selection);
  const depth = Math.min(leaf.depth, 2) as LeafDepth;
  const bound = boundOf(leaf);
  let inCart = leaf.in_cart;
  // It fitted when read: another request filled the line in the meantime.
  if (selection.quantity <= bound - inCart) inCart = await lineQuantity(db, customerId, leaf.id);
  throw new HttpError('BUSINESS_RULE', onlyItemsMessage(bound - inCart, depth));
}

/** Lines in the customer's cart. */
export async function cartCount(db: Db, customerId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(cartItems).where(eq(cartItems.customerId, customerId));
  return row?.n ?? 0;
}

interface LineRow {
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
async function lineRows(db: Db, customerId: number, lineId?: number): Promise<LineRow[]> {
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

function toLine(row: LineRow): CartLine {
  const unitPrice = Number(row.unit_price);
  return {
    id: row.id,
    product_id: row.product_id,
    root_product_id: row.root_product_id,
    depth: Math.min(row.depth, 2),
    product_name: row.product_name,
    variation_name: row.variation_name,
    sub_variation_name: row.sub_variation_name,
    photo: row.photo,
    seller_id: row.seller_id,
    seller_name: row.seller_name,
    unit_price: unitPrice,
    list_price: Number(row.list_price),
    selling_unit: row.selling_unit,
    quantity: row.quantity,
    price: unitPrice * row.quantity,
    quantity_limit: row.quantity_limit,
    stock: row.stock,
    max_quantity: Math.max(0, Math.min(row.quantity_limit, row.stock, cartLineCap)),
    available: row.available,
    marked: row.marked,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** cartById: the signed-in customer's cart, its total, the saved delivery address and the order instructions. */
export async function cartOf(db: Db, customerId: number): Promise<CartResponse> {
  const cart = (await lineRows(db, customerId)).map(toLine);
  const [customer] = await db
    .select({ address: users.address, instructions: carts.orderInstructions })
    .from(users)
    .leftJoin(carts, eq(carts.customerId, users.id))
    .where(eq(users.id, customerId));
  return {
    cart,
    total_price: cart.reduce((sum, line) => sum + line.price, 0),
    count: cart.length,
    delivery_address: customer?.address?.trim() ? customer.address : null,
    order_instructions: customer?.instructions ?? '',
  };
}

/**
 * Marks or unmarks the customer's lines (the popup's checkboxes, MARK ALL, UNMARK ALL); the marks live with the
 * cart, so every tab and device shows them. Ids that are not the customer's lines (gone, or someone else's) are
 * skipped. Answers the cart as it now is.
 */
export async function markLines(db: Db, customerId: number, ids: number[], marked: boolean): Promise<CartResponse> {
  await db
    .update(cartItems)
    .set({ marked })
    .where(and(eq(cartItems.customerId, customerId), inArray(cartItems.id, [...new Set(ids)])));
  return cartOf(db, customerId);
}

/** Saves the cart's order instructions (trimmed); the checkout reads them from here. */
export async function saveInstructions(db: Db, customerId: number, text: string) {
  const orderInstructions = text.trim();
  await db
    .insert(carts)
    .values({ customerId, orderInstructions })
    .onConflictDoUpdate({ target: carts.customerId, set: { orderInstructions, updatedAt: sql`now()` } });
  return { success: true as const, order_instructions: orderInstructions };
}

/**
 * changeCartQuantity: sets a line's quantity, between 1 and the lower of the leaf's quantity limit, stock and 1200.
 * Only the customer's own line: another customer's line is not found. The update re-checks the bound against the
 * leaf's current figures in the same statement.
 */
export async function changeQuantity(db: Db, customerId: number, lineId: number, quantity: number): Promise<CartLine> {
  const [current] = await lineRows(db, customerId, lineId);
  if (!current) throw new HttpError('NOT_FOUND', messages.cartItemNotFound);
  const line = toLine(current);
  const problem = cartQuantityProblem(quantity, line);
  if (problem) throw new HttpError('BUSINESS_RULE', problem);
  const updated = await rows<{ id: number }>(
    db,
    sql`update cart_items c set quantity = ${quantity}, updated_at = now()
        from products n
        where c.id = ${lineId} and c.customer_id = ${customerId} and n.id = c.product_id
          and ${quantity} <= least(n.quantity_limit, n.stock, ${cartLineCap})
        returning c.id`,
  );
  if (updated.length === 0) {
    const [now] = await lineRows(db, customerId, lineId);
    if (!now) throw new HttpError('NOT_FOUND', messages.cartItemNotFound);
    const fresh = toLine(now);
    throw new HttpError('BUSINESS_RULE', onlyItemsMessage(fresh.max_quantity, fresh.depth as LeafDepth));
  }
  return { ...line, quantity, price: line.unit_price * quantity };
}

/**
 * removeSelectedCartItems: removes the customer's chosen lines, all or none. An id that is not one of the
 * customer's lines (someone else's, or already gone) makes the whole request not found, and nothing is removed.
 */
export async function removeLines(db: Db, customerId: number, ids: number[]) {
  const wanted = [...new Set(ids)];
  const removed = await db.transaction(async (tx) => {
    const gone = await tx
      .delete(cartItems)
      .where(and(eq(cartItems.customerId, customerId), inArray(cartItems.id, wanted)))
      .returning({ id: cartItems.id });
    if (gone.length !== wanted.length) throw new HttpError('NOT_FOUND', messages.cartItemNotFound);
    return gone.length;
  });
  return {
    success: true as const,
    message: messages.itemsRemoved,
    removed,
    cart_count: await cartCount(db, customerId),
  };
}
