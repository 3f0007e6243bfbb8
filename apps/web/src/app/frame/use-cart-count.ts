import { useEffect, useState } from 'react';
import { sessionKeys } from '../../lib/storage-keys.ts';

/** The name of the window event that tells the header the cart count changed (spec 1 §4). */
export const cartCountEvent = 'cart-count';

function readCount(): number {
  const value = Number(sessionStorage.getItem(sessionKeys.cartCount));
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

/** The cart badge number from sessionStorage cartCount, refreshed on the cart-count window event. */
export function useCartCount(): number {
  const [count, setCount] = useState(readCount);
  useEffect(() => {
    const refresh = () => setCount(readCount());
    window.addEventListener(cartCountEvent, refresh);
    window.addEventListener('storage', refresh);
    return () => {
      window.removeEventListener(cartCountEvent, refresh);
      window.removeEventListener('storage', refresh);
    };
  }, []);
  return count;
}
