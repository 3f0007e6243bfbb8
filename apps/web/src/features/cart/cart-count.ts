import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call } from '../../lib/endpoint.ts';
import * as cartEndpoints from '../../lib/endpoints/cart.ts';
import { useSession } from '../../lib/session.ts';
import { sessionKeys } from '../../lib/storage-keys.ts';
import { cartKeys } from './api.ts';

/**
 * The header's cart badge number, kept in one place (spec 1 §4): sessionStorage cartCount, the cart-count window
 * event that tells the badge it changed, and the server's count query. Everything that changes the count goes
 * through the functions below.
 */
const cartCountEvent = 'cart-count';

function readCount(): number {
  const value = Number(sessionStorage.getItem(sessionKeys.cartCount));
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

function writeCount(count: number | null) {
  if (count === null) sessionStorage.removeItem(sessionKeys.cartCount);
  else sessionStorage.setItem(sessionKeys.cartCount, String(count));
  window.dispatchEvent(new Event(cartCountEvent));
}

/** After an add to cart: the server's answer carries the new count. */
export function showCartCount(count: number) {
  writeCount(count);
}

/** The cart as read (popup, order again) has this many lines: the badge and the count query follow it. */
export function syncCartCount(queryClient: QueryClient, count: number) {
  if (sessionStorage.getItem(sessionKeys.cartCount) !== String(count)) {
    writeCount(count);
    void queryClient.invalidateQueries({ queryKey: cartKeys.countAll });
  }
}

/** After a placed order the bought lines are gone: the badge waits for the server's count. */
export function clearCartCount(queryClient: QueryClient) {
  writeCount(null);
  void queryClient.invalidateQueries({ queryKey: cartKeys.countAll });
}

/**
 * The cart badge number: sessionStorage cartCount, refreshed on the cart-count window event.
 * For a signed-in customer the server's count is loaded (after login, impersonation or a reload)
 * and written to cartCount, so the badge is right before anything is added in this tab.
 * Null when there is no cart to count: a guest (who must log in to use one) or a seller or admin session.
 */
export function useCartCount(): number | null {
  const [count, setCount] = useState(readCount);
  const { token, accountType } = useSession();
  const canHaveCart = Boolean(token) && (accountType === 'Buyer' || accountType === 'Agent');
  const serverCount = useQuery({
    queryKey: cartKeys.count(token),
    queryFn: () => call(cartEndpoints.count),
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
  return canHaveCart ? count : null;
}
