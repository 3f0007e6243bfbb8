import { useQuery } from '@tanstack/react-query';
import type { CartCountResponse } from '@tibay/contract';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import { cartCountEvent } from '../../lib/cart-count.ts';
import { useSession } from '../../lib/session.ts';
import { sessionKeys } from '../../lib/storage-keys.ts';

function readCount(): number {
  const value = Number(sessionStorage.getItem(sessionKeys.cartCount));
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

/**
 * The cart badge number: sessionStorage cartCount, refreshed on the cart-count window event.
 * For a signed-in customer the server's count is loaded (after login, impersonation or a reload)
 * and written to cartCount, so the badge is right before anything is added in this tab.
 */
export function useCartCount(): number {
  const [count, setCount] = useState(readCount);
  const { token, accountType } = useSession();
  const canHaveCart = Boolean(token) && (accountType === 'Buyer' || accountType === 'Agent');
  const serverCount = useQuery({
    queryKey: ['cart-count', token],
    queryFn: () => api<CartCountResponse>('/cart/count'),
    enabled: canHaveCart,
  });

  useEffect(() => {
    if (serverCount.data === undefined) return;
    sessionStorage.setItem(sessionKeys.cartCount, String(serverCount.data.count));
    setCount(serverCount.data.count);
  }, [serverCount.data]);

  useEffect(() => {
    const refresh = () => setCount(readCount());
    window.addEventListener(cartCountEvent, refresh);
    window.addEventListener('storage', refresh);
    return () => {
      window.removeEventListener(cartCountEvent, refresh);
      window.removeEventListener('storage', refresh);
    };
  }, []);
  return canHaveCart ? count : 0;
}
