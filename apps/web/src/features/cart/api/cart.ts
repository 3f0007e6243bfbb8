import { useQuery } from '@tanstack/react-query';
import type { CartResponse, ChangeCartQuantityResponse, RemoveCartItemsResponse } from '@tibay/contract';
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

/** PATCH /cart/items/:id (changeCartQuantity). */
export function changeCartQuantity(id: number, quantity: number) {
  return api<ChangeCartQuantityResponse>(`/cart/items/${id}`, { method: 'PATCH', body: { quantity } });
}

/** POST /cart/items/remove (removeSelectedCartItems). */
export function removeSelectedCartItems(cartIds: number[]) {
  return api<RemoveCartItemsResponse>('/cart/items/remove', { method: 'POST', body: { cart_ids: cartIds } });
}
