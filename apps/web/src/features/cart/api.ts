import { useQuery } from '@tanstack/react-query';
import type { CartLine, CartResponse } from '@tibay/contract';
import { call } from '../../lib/endpoint.ts';
import * as cartEndpoints from '../../lib/endpoints/cart.ts';

/** The spec's cart refresh while the popup is open (spec 1 §9). */
export const cartRefreshMs = 3000;

/**
 * The cart's query keys. The header's count has its own root ('cart-count'), so refreshing the cart lines
 * (['cart']) does not also refetch the count.
 */
export const cartKeys = {
  all: ['cart'] as const,
  lines: (token: string | null) => [...cartKeys.all, token] as const,
  countAll: ['cart-count'] as const,
  count: (token: string | null) => [...cartKeys.countAll, token] as const,
};

/** GET /cart (cartById), refreshed every 3 s while the popup is open. */
export function useCart(token: string | null, opened: boolean) {
  return useQuery({
    queryKey: cartKeys.lines(token),
    queryFn: ({ signal }) => call(cartEndpoints.get, { signal }),
    enabled: opened && Boolean(token),
    refetchInterval: opened ? cartRefreshMs : false,
    retry: false,
  });
}

/** The lines checkout buys: marked in the cart (stored with it) and still available. */
export function checkoutLines(cart: CartResponse | undefined): CartLine[] {
  return cart?.cart.filter((line) => line.marked && line.available) ?? [];
}

/** POST /cart/marks: marks or unmarks lines; answers the cart as it now is. */
export function markCartItems(cartIds: number[], marked: boolean) {
  return call(cartEndpoints.mark, { body: { cart_ids: cartIds, marked } });
}

/** PUT /cart/instructions: the order instructions, stored with the cart for the checkout. */
export function saveCartInstructions(text: string) {
  return call(cartEndpoints.saveInstructions, { body: { order_instructions: text } });
}

/** PATCH /cart/items/:id (changeCartQuantity). */
export function changeCartQuantity(id: number, quantity: number) {
  return call(cartEndpoints.changeQuantity, { params: { id }, body: { quantity } });
}

/** POST /cart/items/remove (removeSelectedCartItems). */
export function removeSelectedCartItems(cartIds: number[]) {
  return call(cartEndpoints.remove, { body: { cart_ids: cartIds } });
}
