/** What other parts of the web app use from shop: the seller shop view (the microsite route shows it). */
export { SellerShopView } from './seller-shop-view.tsx';
