import {
  bestSellersQuery,
  bestSellersResponse,
  category,
  categoryParams,
  categoryProductsQuery,
  categoryProductsResponse,
  categorySuggestionQuery,
  microsite,
  nameSuggestions,
  productDetailResponse,
  productParams,
  searchQuery,
  searchResponse,
  sellerListQuery,
  sellerListResponse,
  sellerSearchQuery,
  sellerSearchResponse,
  shopParams,
  shopQuery,
  shopResponse,
  shopSuggestionQuery,
  suggestionsQuery,
  suggestionsResponse,
} from '@tibay/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { depsOf } from '../../deps.ts';
import { compiledSerializer } from '../../http/compiled-serializer.ts';
import type { ListingsMemory } from './listings-memory.ts';
import * as products from './products.service.ts';
import { search } from './search.service.ts';
import type { SearchIndexKeeper } from './search-index.service.ts';
import * as sellers from './sellers.service.ts';
import { suggestions } from './suggestions.service.ts';

/**
 * Public discovery routes: anyone may call them; a session, when sent (optionalAuth), only supplies the
 * customer's saved coordinates for "near".
 */
export async function catalogRoutes(
  fastify: FastifyInstance,
  options: { searchIndex?: SearchIndexKeeper; listings?: ListingsMemory },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = depsOf(app);
  const tags = ['catalog'];

  app.get(
    '/sellers',
    {
      schema: { tags, querystring: sellerListQuery, response: { 200: sellerListResponse } },
      preHandler: app.optionalAuth,
    },
    async (request) => sellers.listSellers(deps, request.query, request.user?.id),
  );

  app.get(
    '/sellers/search',
    { schema: { tags, querystring: sellerSearchQuery, response: { 200: sellerSearchResponse } } },
    async (request) => sellers.searchSellers(deps, request.query),
  );

  app.get(
    '/microsites/:handle',
    {
      schema: {
        tags,
        params: z.object({ handle: z.string().trim().min(1).max(120) }),
        response: { 200: microsite },
      },
    },
    async (request) => sellers.micrositeByHandle(deps, request.params.handle),
  );

  app.get(
    '/sellers/:handleOrId/shop',
    {
      schema: { tags, params: shopParams, querystring: shopQuery, response: { 200: shopResponse } },
      serializerCompiler: compiledSerializer,
    },
    async (request) => sellers.shop(deps, request.params.handleOrId, request.query, options.listings),
  );

  app.get(
    '/sellers/:handleOrId/suggestions',
    {
      schema: { tags, params: shopParams, querystring: shopSuggestionQuery, response: { 200: nameSuggestions } },
    },
    async (request) =>
      sellers.productNameSuggestions(deps, await sellers.shopScope(deps, request.params.handleOrId), request.query),
  );

  app.get(
    '/categories/:id',
    { schema: { tags, params: categoryParams, response: { 200: category } } },
    async (request) => products.categoryById(deps, request.params.id),
  );

  app.get(
    '/categories/:id/products',
    {
      schema: {
        tags,
        params: categoryParams,
        querystring: categoryProductsQuery,
        response: { 200: categoryProductsResponse },
      },
      serializerCompiler: compiledSerializer,
    },
    async (request) => products.categoryProducts(deps, request.params.id, request.query, options.listings),
  );

  app.get(
    '/categories/:id/suggestions',
    {
      schema: {
        tags,
        params: categoryParams,
        querystring: categorySuggestionQuery,
        response: { 200: nameSuggestions },
      },
    },
    async (request) =>
      sellers.productNameSuggestions(deps, await products.categoryScope(deps, request.params.id), request.query),
  );

  app.get(
    '/products/best-sellers',
    { schema: { tags, querystring: bestSellersQuery, response: { 200: bestSellersResponse } } },
    async (request) => products.bestSellers(deps, request.query),
  );

  app.get(
    '/products/:id',
    { schema: { tags, params: productParams, response: { 200: productDetailResponse } } },
    async (request) => products.productDetail(deps, request.params.id),
  );

  app.get(
    '/search',
    {
      schema: { tags, querystring: searchQuery, response: { 200: searchResponse } },
      serializerCompiler: compiledSerializer,
      preHandler: app.optionalAuth,
    },
    async (request) => search(deps, request.query, request.user?.id, options.searchIndex, options.listings),
  );

  // The header's search box: products and shops as you type.
  app.get(
    '/search/suggestions',
    {
      schema: { tags: ['search'], querystring: suggestionsQuery, response: { 200: suggestionsResponse } },
      serializerCompiler: compiledSerializer,
    },
    async (request) => suggestions(deps, request.query.q, options.listings),
  );
}
