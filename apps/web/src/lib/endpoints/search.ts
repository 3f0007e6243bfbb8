import type { searchQuery, searchResponse, suggestionsQuery, suggestionsResponse } from '@tibay/contract';
import { defineEndpoint, schema } from '../endpoint.ts';

export const products = defineEndpoint({
  method: 'GET',
  path: '/search',
  query: schema<typeof searchQuery>(),
  response: schema<typeof searchResponse>(),
});
export const suggestions = defineEndpoint({
  method: 'GET',
  path: '/search/suggestions',
  query: schema<typeof suggestionsQuery>(),
  response: schema<typeof suggestionsResponse>(),
});
