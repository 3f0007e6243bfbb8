import type {
  categoriesResponse,
  category,
  categoryProductsQuery,
  categoryProductsResponse,
  categorySuggestionQuery,
  nameSuggestions,
} from '@tibay/contract';
import { defineEndpoint, schema } from '../endpoint.ts';

export const list = defineEndpoint({
  method: 'GET',
  path: '/categories',
  response: schema<typeof categoriesResponse>(),
});
export const get = defineEndpoint({ method: 'GET', path: '/categories/:id', response: schema<typeof category>() });
export const products = defineEndpoint({
  method: 'GET',
  path: '/categories/:id/products',
  query: schema<typeof categoryProductsQuery>(),
  response: schema<typeof categoryProductsResponse>(),
});
export const suggestions = defineEndpoint({
  method: 'GET',
  path: '/categories/:id/suggestions',
  query: schema<typeof categorySuggestionQuery>(),
  response: schema<typeof nameSuggestions>(),
});
