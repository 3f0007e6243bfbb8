import {
  autocompleteQuery,
  autocompleteResponse,
  bestSellersQuery,
  bestSellersResponse,
  blogsResponse,
  categoriesResponse,
  category,
  categoryProductsQuery,
  categoryProductsResponse,
  categorySuggestionQuery,
  microsite,
  nameSuggestions,
  partnersResponse,
  productDetailResponse,
  reverseGeocodeQuery,
  reverseGeocodeResponse,
  searchQuery,
  searchResponse,
  sellerListQuery,
  sellerListResponse,
  sellerSearchQuery,
  sellerSearchResponse,
  shopQuery,
  shopResponse,
  shopSuggestionQuery,
  suggestionsQuery,
  suggestionsResponse,
} from '@tibay/contract';
import { defineEndpoint } from '../endpoint.ts';

/** The public catalogue: products, categories, sellers and their shops, search, content and places. */
export const products = {
  detail: defineEndpoint({ method: 'GET', path: '/products/:id', response: productDetailResponse }),
  bestSellers: defineEndpoint({
    method: 'GET',
    path: '/products/best-sellers',
    query: bestSellersQuery,
    response: bestSellersResponse,
  }),
};

export const categories = {
  list: defineEndpoint({ method: 'GET', path: '/categories', response: categoriesResponse }),
  get: defineEndpoint({ method: 'GET', path: '/categories/:id', response: category }),
  products: defineEndpoint({
    method: 'GET',
    path: '/categories/:id/products',
    query: categoryProductsQuery,
    response: categoryProductsResponse,
  }),
  suggestions: defineEndpoint({
    method: 'GET',
    path: '/categories/:id/suggestions',
    query: categorySuggestionQuery,
    response: nameSuggestions,
  }),
};

export const sellers = {
  list: defineEndpoint({ method: 'GET', path: '/sellers', query: sellerListQuery, response: sellerListResponse }),
  search: defineEndpoint({
    method: 'GET',
    path: '/sellers/search',
    query: sellerSearchQuery,
    response: sellerSearchResponse,
  }),
  shop: defineEndpoint({ method: 'GET', path: '/sellers/:handleOrId/shop', query: shopQuery, response: shopResponse }),
  shopSuggestions: defineEndpoint({
    method: 'GET',
    path: '/sellers/:handleOrId/suggestions',
    query: shopSuggestionQuery,
    response: nameSuggestions,
  }),
  microsite: defineEndpoint({ method: 'GET', path: '/microsites/:handle', response: microsite }),
};

export const search = {
  products: defineEndpoint({ method: 'GET', path: '/search', query: searchQuery, response: searchResponse }),
  suggestions: defineEndpoint({
    method: 'GET',
    path: '/search/suggestions',
    query: suggestionsQuery,
    response: suggestionsResponse,
  }),
};

export const content = {
  partners: defineEndpoint({ method: 'GET', path: '/content/partners', response: partnersResponse }),
  blogs: defineEndpoint({ method: 'GET', path: '/content/blogs', response: blogsResponse }),
};

export const geocoding = {
  autocomplete: defineEndpoint({
    method: 'GET',
    path: '/geocoding/autocomplete',
    query: autocompleteQuery,
    response: autocompleteResponse,
  }),
  reverse: defineEndpoint({
    method: 'GET',
    path: '/geocoding/reverse',
    query: reverseGeocodeQuery,
    response: reverseGeocodeResponse,
  }),
};
