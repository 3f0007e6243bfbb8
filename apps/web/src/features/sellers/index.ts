/** What other parts of the web app use from sellers: the microsite route's lookup and its seller list view. */
export { ShopBySellerView } from './shop-by-seller-view.tsx';
export { useMicrositeLookup } from './use-microsite-lookup.ts';
