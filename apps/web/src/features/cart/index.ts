/** What other parts of the web app use from the cart feature. */
export { cartKeys, checkoutLines } from './api.ts';
export { clearCartCount, showCartCount, syncCartCount, useCartCount } from './cart-count.ts';
export { CartPopupHost } from './cart-popup-host.tsx';
