import { agents, auth, me, site } from './accounts.ts';
import { categories, content, geocoding, products, search, sellers } from './catalog.ts';
import { cart, checkout, orders } from './shopping.ts';
import { admin, seller } from './staff.ts';

/**
 * Every API endpoint the web app calls, once, typed from the contract (decision 0025). Call one with
 * `call(endpoints.cart.get)` (lib/endpoint.ts); the admin and seller sites call through their own transports.
 */
export const endpoints = {
  auth,
  me,
  agents,
  site,
  products,
  categories,
  sellers,
  search,
  content,
  geocoding,
  cart,
  checkout,
  orders,
  seller,
  admin,
};
