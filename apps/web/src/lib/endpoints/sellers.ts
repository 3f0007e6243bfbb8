import type {
  microsite,
  nameSuggestions,
  sellerListQuery,
  sellerListResponse,
  sellerSearchQuery,
  sellerSearchResponse,
  shopQuery,
  shopResponse,
  shopSuggestionQuery,
} from '@tibay/contract';
import { defineEndpoint, schema } from '../endpoint.ts';

export const list = defineEndpoint({
  method: 'GET',
  path: '/sellers',
  query: schema<typeof sellerListQuery>(),
  response: schema<typeof sellerListResponse>(),
});
export const search = defineEndpoint({
  method: 'GET',
  path: '/sellers/search',
  query: schema<typeof sellerSearchQuery>(),
  response: schema<typeof sellerSearchResponse>(),
});
export const shop = defineEndpoint({
  method: 'GET',
  path: '/sellers/:handleOrId/shop',
  query: schema<typeof shopQuery>(),
  response: schema<typeof shopResponse>(),
});
export const shopSuggestions = defineEndpoint({
  method: 'GET',
  path: '/sellers/:handleOrId/suggestions',
  query: schema<typeof shopSuggestionQuery>(),
  response: schema<typeof nameSuggestions>(),
});
export const micrositeByHandle = defineEndpoint({
  method: 'GET',
  path: '/microsites/:handle',
  response: schema<typeof microsite>(),
});
