import type { bestSellersQuery, bestSellersResponse, productDetailResponse } from '@tibay/contract';
import { defineEndpoint, schema } from '../endpoint.ts';

/** The public catalogue: products, categories, sellers and their shops, search, content and places. */
export const detail = defineEndpoint({
  method: 'GET',
  path: '/products/:id',
  response: schema<typeof productDetailResponse>(),
});
export const bestSellers = defineEndpoint({
  method: 'GET',
  path: '/products/best-sellers',
  query: schema<typeof bestSellersQuery>(),
  response: schema<typeof bestSellersResponse>(),
});
