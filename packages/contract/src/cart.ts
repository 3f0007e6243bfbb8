import { z } from 'zod';
import { cartLineCap } from './catalog.ts';
import { orderInstructionsMaxLength } from './checkout.ts';
import { messages } from './messages.ts';

/**
 * Add to cart (the spec's "add to cart v3"), the header's cart count, and the cart popup's calls: cartById
 * (GET /cart), changeCartQuantity (PATCH /cart/items/:id) and removeSelectedCartItems (POST /cart/items/remove).
 *
 * Failures use the uniform error body `{ error: { code, message, fields? } }` — one problem per response:
 * - 400 VALIDATION: malformed body; a 0 quantity gives messages.zeroQuantity, a negative or fractional one
 *   messages.quantityWholeNumber.
 * - 401: signed out (the web sends the user to /login?returnUrl=...). 403: not a buyer or agent account.
 * - 422 BUSINESS_RULE: messages.selectVariation, messages.selectSubVariation, messages.cannotDetermineProduct,
 *   or the "Only {n} items can be ordered..." text from onlyItemsMessage.
 * The spec's client toasted each entry of errors[]; the web toasts error.message.
 *
 * POST /cart/items takes an optional `Idempotency-Key` header (addToCartKey): the same key sent again for the same
 * line (a double click, a retried request) adds once and answers the line as it is. The web sends a fresh key per
 * click.
 */

/** A missing selection may be sent as null, 0 or left out. */
const selection = z
  .number()
  .int()
  .min(0)
  .max(2_147_483_647)
  .nullish()
  .transform((v) => (v ? v : null));

export const addToCartRequest = z
  .object({
    /** The product (depth 0) shown on the item page or card. */
    product_id: z.number().int().min(1).max(2_147_483_647),
    /** Required when the product has variations. */
    variation_id: selection,
    /** Required when the chosen variation has sub-variations. */
    sub_variation_id: selection,
    quantity: z
      .number({ error: messages.quantityWholeNumber })
      .int(messages.quantityWholeNumber)
      .min(0, messages.quantityWholeNumber)
      .refine((q) => q !== 0, messages.zeroQuantity),
  })
  .strict();
export type AddToCartRequest = z.input<typeof addToCartRequest>;

/** The add's request key (header Idempotency-Key): 8 to 200 visible ASCII characters. */
export const addToCartKey = z.string().regex(/^[\x21-\x7e]{8,200}$/, messages.idempotencyKeyRequired);

export const addToCartResponse = z.object({
  success: z.literal(true),
  /** messages.itemAddedToCart */
  message: z.string(),
  /** The cart line for the chosen leaf after the add (quantities of the same leaf add up). */
  cart_item: z.object({ id: z.number().int(), product_id: z.number().int(), quantity: z.number().int() }),
  /** Lines in the cart (the header badge). */
  cart_count: z.number().int(),
});
export type AddToCartResponse = z.infer<typeof addToCartResponse>;

/** GET /cart/count: the number of lines in the signed-in customer's cart. */
export const cartCountResponse = z.object({ count: z.number().int() });
export type CartCountResponse = z.infer<typeof cartCountResponse>;

/** The depth of the chosen leaf: 0 product, 1 variation, 2 sub-variation. */
export type LeafDepth = 0 | 1 | 2;

/** "Only {n} items can be ordered[ for this variation| for this sub variation]." */
export function onlyItemsMessage(n: number, depth: LeafDepth): string {
  const template =
    depth === 2 ? messages.onlyItemsSubVariation : depth === 1 ? messages.onlyItemsVariation : messages.onlyItems;
  return template.replace('{n}', String(Math.max(0, n)));
}

/**
 * How many more of a leaf can go into the cart: the lower of its stock and quantity limit, capped at
 * cartLineCap (1200), less what the cart already holds. Shared by the popup (to disable presets and warn)
 * and the server (which decides).
 */
export function orderableQuantity(leaf: { stocks: number; quantity_limit: number }, inCart = 0): number {
  return Math.max(0, Math.min(leaf.stocks, leaf.quantity_limit, cartLineCap) - inCart);
}

/** One line of the cart (cartById). Prices are computed by the server from the product, in centavos. */
export const cartLine = z.object({
  id: z.number().int(),
  /** The leaf in the cart: the product, a variation or a sub-variation. */
  product_id: z.number().int(),
  /** The depth-0 product (for links to the item page). */
  root_product_id: z.number().int(),
  /** 0: product, 1: variation, 2: sub-variation (naming by depth). */
  depth: z.number().int().min(0).max(2),
  product_name: z.string(),
  variation_name: z.string().nullable(),
  sub_variation_name: z.string().nullable(),
  photo: z.string().nullable(),
  seller_id: z.number().int(),
  seller_name: z.string(),
  /** What one unit costs: the discounted price when it is at least ₱1, otherwise the list price. */
  unit_price: z.number().int(),
  /** The list price, shown struck through when a discount applies. */
  list_price: z.number().int(),
  /** What one unit is (the product's selling unit: bag, piece ...). */
  selling_unit: z.string(),
  quantity: z.number().int(),
  /** The line subtotal (the spec's cart item price): unit_price × quantity. */
  price: z.number().int(),
  quantity_limit: z.number().int(),
  stock: z.number().int(),
  /** The most this line may hold: the lower of quantity_limit, stock and 1200. */
  max_quantity: z.number().int(),
  /** False when the product was withdrawn or its shop is no longer listed: it cannot be checked out. */
  available: z.boolean(),
  /** The popup's checkbox, stored with the line: added lines are marked; checkout buys the marked lines. */
  marked: z.boolean(),
  created_at: z.string(),
});
export type CartLine = z.infer<typeof cartLine>;

/** GET /cart (cartById): the signed-in customer's lines, newest first, and their total. */
export const cartResponse = z.object({
  cart: z.array(cartLine),
  /** The sum of every line's subtotal, in centavos. */
  total_price: z.number().int(),
  count: z.number().int(),
  /** The customer's saved delivery address; null shows the blocking "Please add delivery address" dialog. */
  delivery_address: z.string().nullable(),
  /** The order instructions typed in the cart popup, stored with the cart ('' when none). */
  order_instructions: z.string(),
});
export type CartResponse = z.infer<typeof cartResponse>;

export const cartItemParams = z.object({
  id: z.coerce.number({ error: messages.cartItemNotFound }).int(messages.cartItemNotFound).min(1).max(2_147_483_647),
});

/**
 * PATCH /cart/items/:id (changeCartQuantity). The stepper sends digits only; below 1 is refused with the spec's
 * "Quantity cannot be lesser than 1", above the line's maximum with the "Only {n} items can be ordered..." text.
 */
export const changeCartQuantityRequest = z
  .object({
    quantity: z
      .number({ error: messages.quantityWholeNumber })
      .int(messages.quantityWholeNumber)
      .min(1, messages.quantityBelowOne)
      .max(2_147_483_647, messages.quantityWholeNumber),
  })
  .strict();
export type ChangeCartQuantityRequest = z.infer<typeof changeCartQuantityRequest>;

export const changeCartQuantityResponse = z.object({ success: z.literal(true), line: cartLine });
export type ChangeCartQuantityResponse = z.infer<typeof changeCartQuantityResponse>;

/** POST /cart/items/remove (removeSelectedCartItems). An empty list: "No items selected for removal". */
export const removeCartItemsRequest = z
  .object({
    cart_ids: z
      .array(z.number().int().min(1).max(2_147_483_647), { error: messages.noItemsSelectedForRemoval })
      .min(1, messages.noItemsSelectedForRemoval)
      .max(500),
  })
  .strict();
export type RemoveCartItemsRequest = z.infer<typeof removeCartItemsRequest>;

export const removeCartItemsResponse = z.object({
  success: z.literal(true),
  /** messages.itemsRemoved */
  message: z.string(),
  removed: z.number().int(),
  cart_count: z.number().int(),
});
export type RemoveCartItemsResponse = z.infer<typeof removeCartItemsResponse>;

/**
 * POST /cart/marks: marks or unmarks the customer's lines (a checkbox, MARK ALL, UNMARK ALL). Lines that are no
 * longer in the cart are skipped; another customer's lines are never touched. Answers the cart as GET /cart does.
 */
export const markCartItemsRequest = z
  .object({
    cart_ids: z.array(z.number().int().min(1).max(2_147_483_647)).min(1).max(500),
    marked: z.boolean(),
  })
  .strict();
export type MarkCartItemsRequest = z.infer<typeof markCartItemsRequest>;

/** The cart keeps the order instructions the order will carry: the same limit. */
export const cartInstructionsMax = orderInstructionsMaxLength;

/** PUT /cart/instructions: saves the cart's order instructions (the popup saves as the buyer types). */
export const cartInstructionsRequest = z.object({ order_instructions: z.string().max(cartInstructionsMax) }).strict();
export type CartInstructionsRequest = z.infer<typeof cartInstructionsRequest>;

export const cartInstructionsResponse = z.object({ success: z.literal(true), order_instructions: z.string() });
export type CartInstructionsResponse = z.infer<typeof cartInstructionsResponse>;

/**
 * The cart popup's stepper rule (spec 1 §5): digits only, at least 1, at most the line's maximum (the lower of
 * quantity_limit, stock and 1200). Returns the message to show, or null when the quantity is allowed.
 */
export function cartQuantityProblem(quantity: number, line: Pick<CartLine, 'max_quantity' | 'depth'>): string | null {
  if (!Number.isInteger(quantity) || quantity < 1) return messages.quantityBelowOne;
  if (quantity > line.max_quantity) return onlyItemsMessage(line.max_quantity, line.depth as LeafDepth);
  return null;
}
