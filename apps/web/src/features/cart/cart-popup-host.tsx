import { lazy, Suspense, useEffect, useState } from 'react';

/** The window event the header's cart button dispatches (app/frame/site-header.tsx openCartEvent). */
const openCartEvent = 'open-cart';

const CartPopup = lazy(() => import('./cart-popup.tsx'));

/**
 * Listens for the header's open-cart event and shows the MY CART popup. The popup's code loads on the first
 * open, so pages stay small for visitors who never open the cart.
 */
export function CartPopupHost() {
  const [opened, setOpened] = useState(false);
  const [used, setUsed] = useState(false);
  useEffect(() => {
    const open = () => {
      setUsed(true);
      setOpened(true);
    };
    window.addEventListener(openCartEvent, open);
    return () => window.removeEventListener(openCartEvent, open);
  }, []);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <CartPopup opened={opened} onClose={() => setOpened(false)} />
    </Suspense>
  );
}
