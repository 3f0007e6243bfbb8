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
} from '@tibay/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../../db/schema/index.ts';
import { listedProducts, withTypoTolerance } from './catalog.sql.ts';
import * as products from './products.service.ts';
import { search } from './search.service.ts';
import * as sellers from './sellers.service.ts';

/**
 * Where "near" is: the coordinates sent (lat and lng), else the signed-in customer's saved location
 * (optionalAuth), else unknown.
 */
async function coordinatesFor(
  app: FastifyInstance,
  request: FastifyRequest,
  query: { lat?: number; lng?: number },
): Promise<sellers.Coordinates | null> {
  if (query.lat !== undefined && query.lng !== undefined) return { lat: query.lat, lng: query.lng };
  if (!request.user) return null;
  const [row] = await app.db
    .select({ lat: users.latitude, lng: users.longitude })
    .from(users)
    .where(eq(users.id, request.user.id));
  return row && row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null;
}

/** Public discovery routes: anyone may call them; a session, when sent, only supplies saved coordinates. */
export async function catalogRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['catalog'];

  app.get(
    '/sellers',
    {
      schema: { tags, querystring: sellerListQuery, response: { 200: sellerListResponse } },
      preHandler: app.optionalAuth,
    },
    async (request) => {
      const coordinates = await coordinatesFor(app, request, request.query);
      return withTypoTolerance(app.db, (tx) => sellers.listSellers(tx, request.query, coordinates));
    },
  );

  app.get(
    '/sellers/search',
    { schema: { tags, querystring: sellerSearchQuery, response: { 200: sellerSearchResponse } } },
    async (request) => withTypoTolerance(app.db, (tx) => sellers.searchSellers(tx, request.query)),
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
    async (request) => sellers.micrositeByHandle(app.db, request.params.handle),
  );

  app.get(
    '/sellers/:handleOrId/shop',
    { schema: { tags, params: shopParams, querystring: shopQuery, response: { 200: shopResponse } } },
    async (request) => {
      const synonyms = await app.searchSynonyms.current();
      return withTypoTolerance(app.db, (tx) => sellers.shop(tx, request.params.handleOrId, request.query, synonyms));
    },
  );

  app.get(
    '/sellers/:handleOrId/suggestions',
    {
      schema: { tags, params: shopParams, querystring: shopSuggestionQuery, response: { 200: nameSuggestions } },
    },
    async (request) => {
      const shop = await sellers.findShop(app.db, request.params.handleOrId);
      const synonyms = await app.searchSynonyms.current();
      return withTypoTolerance(app.db, (tx) =>
        sellers.productNameSuggestions(tx, sellers.shopProducts(shop.id), request.query, synonyms),
      );
    },
  );

  app.get(
    '/categories/:id',
    { schema: { tags, params: categoryParams, response: { 200: category } } },
    async (request) => products.categoryById(app.db, request.params.id),
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
    },
    async (request) => {
      const synonyms = await app.searchSynonyms.current();
      return withTypoTolerance(app.db, (tx) =>
        products.categoryProducts(tx, request.params.id, request.query, synonyms),
      );
    },
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
    async (request) => {
      const found = await products.categoryById(app.db, request.params.id);
      const synonyms = await app.searchSynonyms.current();
      return withTypoTolerance(app.db, async (tx) =>
        sellers.productNameSuggestions(
          tx,
          sql`${await listedProducts(tx)} and p.category_id = ${found.category_id}`,
          request.query,
          synonyms,
        ),
      );
    },
  );

  app.get(
    '/products/best-sellers',
    { schema: { tags, querystring: bestSellersQuery, response: { 200: bestSellersResponse } } },
    async (request) => products.bestSellers(app.db, request.query),
  );

  app.get(
    '/products/:id',
    { schema: { tags, params: productParams, response: { 200: productDetailResponse } } },
    async (request) => products.productDetail(app.db, request.params.id),
  );

  app.get(
    '/search',
    {
      schema: { tags, querystring: searchQuery, response: { 200: searchResponse } },
      preHandler: app.optionalAuth,
    },
    async (request) => {
      const near = request.query.location === 'near' ? await coordinatesFor(app, request, request.query) : null;
      const synonyms = await app.searchSynonyms.current();
      return withTypoTolerance(app.db, (tx) => search(tx, request.query, near, synonyms));
    },
  );
}
