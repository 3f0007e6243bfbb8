import {
  type AddToCartResponse,
  type addToCartRequest,
  cartLineCap,
  type LeafDepth,
  messages,
  onlyItemsMessage,
} from '@tibay/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { cartItems } from '../../db/schema/index.ts';
import { HttpError } from '../../lib/http-error.ts';
import { rows } from '../catalog/catalog.sql.ts';

type AddToCart = z.output<typeof addToCartRequest>;

interface NodeRow {
  id: number;
  parent_id: number | null;
  depth: number;
  stock: number;
  quantity_limit: number;
}

const cannotDetermine = () => new HttpError('BUSINESS_RULE', messages.cannotDetermineProduct);

/**
 * The leaf a selection points at, following the spec's popup rules: a product without variations is its own
 * leaf; with variations one must be chosen; with sub-variations one of those too. Ids that do not form a
 * path of active nodes under a listed product cannot be determined.
 */
async function chosenLeaf(db: Db, selection: AddToCart): Promise<NodeRow> {
  const nodes = await rows<NodeRow>(
    db,
    sql`select n.id, n.parent_id, n.depth, n.stock, n.quantity_limit
        from products p
        join seller_companies s on s.id = p.seller_id
        join products n on n.root_id = p.id and n.is_active
        where p.id = ${selection.product_id} and p.depth = 0 and p.is_active and s.status = 'approved'
        order by n.depth, n.id`,
  );
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

async function lineQuantity(db: Db, customerId: number, productId: number): Promise<number> {
  const [line] = await db
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.customerId, customerId), eq(cartItems.productId, productId)));
  return line?.quantity ?? 0;
}

/**
 * Adds a quantity of the chosen leaf to the customer's cart (adding to an existing line). The line may hold
 * at most the lower of the leaf's stock and quantity limit, and never more than 1200. The upsert re-checks
 * that bound under the row lock, so two concurrent adds cannot pass it together.
 */
export async function addToCart(db: Db, customerId: number, selection: AddToCart): Promise<AddToCartResponse> {
  const leaf = await chosenLeaf(db, selection);
  const depth = Math.min(leaf.depth, 2) as LeafDepth;
  const bound = Math.max(0, Math.min(leaf.stock, leaf.quantity_limit, cartLineCap));
  const inCart = await lineQuantity(db, customerId, leaf.id);
  if (selection.quantity > bound - inCart) {
    throw new HttpError('BUSINESS_RULE', onlyItemsMessage(bound - inCart, depth));
  }
  const [line] = await rows<{ id: number; product_id: number; quantity: number }>(
    db,
    sql`insert into cart_items (customer_id, product_id, quantity)
        values (${customerId}, ${leaf.id}, ${selection.quantity})
        on conflict (customer_id, product_id) do update
          set quantity = cart_items.quantity + excluded.quantity, updated_at = now()
          where cart_items.quantity + excluded.quantity <= ${bound}
        returning id, product_id, quantity`,
  );
  if (!line) {
    // Another request filled the line in the meantime.
    const now = await lineQuantity(db, customerId, leaf.id);
    throw new HttpError('BUSINESS_RULE', onlyItemsMessage(bound - now, depth));
  }
  return {
    success: true,
    message: messages.itemAddedToCart,
    cart_item: line,
    cart_count: await cartCount(db, customerId),
  };
}

/** Lines in the customer's cart. */
export async function cartCount(db: Db, customerId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(cartItems).where(eq(cartItems.customerId, customerId));
  return row?.n ?? 0;
}
