/** What other parts of the web app use from add-to-cart: the popup, and the item page's pieces. */
export { AddToCartPopup } from './add-to-cart-popup.tsx';
export { productKeys, useProductDetail } from './api.ts';
export { MediaGallery } from './media-gallery.tsx';
export { PriceBlock } from './price-block.tsx';
export { PurchasePanel } from './purchase-panel.tsx';
export { usePurchase } from './use-purchase.ts';
