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
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import {
  addWithinBound,
  cartDetails,
  countLines,
  deleteLines,
  type LineRow,
  lineQuantity,
  lineRows,
  type NodeRow,
  setMarks,
  setQuantityWithinBound,
  upsertInstructions,
} from './cart.repository.ts';

/** What the cart's services use. */
type CartDeps = Pick<Deps, 'db'>;

type AddToCart = z.output<typeof addToCartRequest>;

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
  { db }: CartDeps,
  customerId: number,
  selection: AddToCart,
  requestKey: string | null = null,
): Promise<AddToCartResponse> {
  const row = await addWithinBound(
    db,
    customerId,
    {
      product: selection.product_id,
      variation: selection.variation_id ?? null,
      sub: selection.sub_variation_id ?? null,
      quantity: selection.quantity,
    },
    requestKey,
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
export async function cartCount({ db }: CartDeps, customerId: number): Promise<number> {
  return countLines(db, customerId);
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
export async function cartOf({ db }: CartDeps, customerId: number): Promise<CartResponse> {
  const cart = (await lineRows(db, customerId)).map(toLine);
  const customer = await cartDetails(db, customerId);
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
export async function markLines(
  deps: CartDeps,
  customerId: number,
  ids: number[],
  marked: boolean,
): Promise<CartResponse> {
  await setMarks(deps.db, customerId, [...new Set(ids)], marked);
  return cartOf(deps, customerId);
}

/** Saves the cart's order instructions (trimmed); the checkout reads them from here. */
export async function saveInstructions({ db }: CartDeps, customerId: number, text: string) {
  const orderInstructions = text.trim();
  await upsertInstructions(db, customerId, orderInstructions);
  return { success: true as const, order_instructions: orderInstructions };
}

/**
 * changeCartQuantity: sets a line's quantity, between 1 and the lower of the leaf's quantity limit, stock and 1200.
 * Only the customer's own line: another customer's line is not found. The update re-checks the bound against the
 * leaf's current figures in the same statement.
 */
export async function changeQuantity(
  { db }: CartDeps,
  customerId: number,
  lineId: number,
  quantity: number,
): Promise<CartLine> {
  const [current] = await lineRows(db, customerId, lineId);
  if (!current) throw new HttpError('NOT_FOUND', messages.cartItemNotFound);
  const line = toLine(current);
  const problem = cartQuantityProblem(quantity, line);
  if (problem) throw new HttpError('BUSINESS_RULE', problem);
  const updated = await setQuantityWithinBound(db, customerId, lineId, quantity);
  if (!updated) {
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
export async function removeLines(deps: CartDeps, customerId: number, ids: number[]) {
  const wanted = [...new Set(ids)];
  const removed = await deps.db.transaction(async (tx) => {
    const gone = await deleteLines(tx, customerId, wanted);
    if (gone.length !== wanted.length) throw new HttpError('NOT_FOUND', messages.cartItemNotFound);
    return gone.length;
  });
  return {
    success: true as const,
    message: messages.itemsRemoved,
    removed,
    cart_count: await cartCount(deps, customerId),
  };
}
