import { z } from 'zod';
import { cartLineCap } from './catalog.ts';
import { messages } from './messages.ts';

/**
 * Add to cart (the spec's "add to cart v3") and the header's cart count. The full cart (cartById,
 * changeCartQuantity, removeSelectedCartItems) comes later.
 *
 * Failures use the uniform error body `{ error: { code, message, fields? } }` — one problem per response:
 * - 400 VALIDATION: malformed body; a 0 quantity gives messages.zeroQuantity, a negative or fractional one
 *   messages.quantityWholeNumber.
 * - 401: signed out (the web sends the user to /login?returnUrl=...). 403: not a buyer or agent account.
 * - 422 BUSINESS_RULE: messages.selectVariation, messages.selectSubVariation, messages.cannotDetermineProduct,
 *   or the "Only {n} items can be ordered..." text from onlyItemsMessage.
 * The spec's client toasted each entry of errors[]; the web toasts error.message.
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
