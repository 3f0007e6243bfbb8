import { useQuery } from '@tanstack/react-query';
import type {
  CartInstructionsResponse,
  CartLine,
  CartResponse,
  ChangeCartQuantityResponse,
  RemoveCartItemsResponse,
} from '@tibay/contract';
import { api } from '../../../lib/api.ts';

/** The spec's cart refresh while the popup is open (spec 1 §9). */
export const cartRefreshMs = 3000;

export const cartKey = (token: string | null) => ['cart', token] as const;

/** GET /cart (cartById), refreshed every 3 s while the popup is open. */
export function useCart(token: string | null, opened: boolean) {
  return useQuery({
    queryKey: cartKey(token),
    queryFn: ({ signal }) => api<CartResponse>('/cart', { signal }),
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
  return api<CartResponse>('/cart/marks', { method: 'POST', body: { cart_ids: cartIds, marked } });
}

/** PUT /cart/instructions: the order instructions, stored with the cart for the checkout. */
export function saveCartInstructions(text: string) {
  return api<CartInstructionsResponse>('/cart/instructions', { method: 'PUT', body: { order_instructions: text } });
}

/** PATCH /cart/items/:id (changeCartQuantity). */
export function changeCartQuantity(id: number, quantity: number) {
  return api<ChangeCartQuantityResponse>(`/cart/items/${id}`, { method: 'PATCH', body: { quantity } });
}

/** POST /cart/items/remove (removeSelectedCartItems). */
export function removeSelectedCartItems(cartIds: number[]) {
  return api<RemoveCartItemsResponse>('/cart/items/remove', { method: 'POST', body: { cart_ids: cartIds } });
}
