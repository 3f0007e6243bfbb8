import type { QueryClient } from '@tanstack/react-query';
import { sessionKeys } from './storage-keys.ts';

/** The window event that tells the header's cart badge the count changed (spec 1 §4). */
export const cartCountEvent = 'cart-count';

/** Keeps the header's badge in step: sessionStorage cartCount, the cart-count event and the count query. */
export function syncCartCount(queryClient: QueryClient, count: number) {
  if (sessionStorage.getItem(sessionKeys.cartCount) !== String(count)) {
    sessionStorage.setItem(sessionKeys.cartCount, String(count));
    window.dispatchEvent(new Event(cartCountEvent));
    void queryClient.invalidateQueries({ queryKey: ['cart-count'] });
  }
}
