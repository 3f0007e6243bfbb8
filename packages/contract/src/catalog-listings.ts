import { z } from 'zod';
import { catalogLimits, category, categoryRef, productCard } from './catalog.ts';
import {
  centavos,
  INT_MAX,
  id,
  latitude,
  longitude,
  optionalId,
  page,
  pageSize,
  suggestionQuery,
  text,
} from './catalog-fields.ts';
import { messages } from './messages.ts';
import { pageOf } from './pagination.ts';

/** Discovery by product: a category's products, the home best sellers, and search. */

// ---------------------------------------------------------------------------------------------------------------
// Categories (the list GET /categories is in content.ts): GET /categories/:id, GET /categories/:id/products, GET /categories/:id/suggestions

export const categoryParams = z.object({ id });

export const listSort = z.enum(['best_selling', 'price_asc', 'price_desc', 'name_asc', 'name_desc']);
export type ListSort = z.infer<typeof listSort>;

export const categoryProductsQuery = z.object({
  page,
  pageSize: pageSize(catalogLimits.categoryPageSize),
  sort: listSort.default('best_selling'),
  keyword: text(100),
});
export type CategoryProductsQuery = z.input<typeof categoryProductsQuery>;

export const categoryProductsResponse = pageOf(productCard).extend({ category });
export type CategoryProductsResponse = z.infer<typeof categoryProductsResponse>;

export const categorySuggestionQuery = suggestionQuery;

// ---------------------------------------------------------------------------------------------------------------
// Home best sellers: GET /products/best-sellers

/** category 0 = ALL. Ordered by units sold. */
export const bestSellersQuery = z.object({
  category: z.coerce.number().int().min(0).max(INT_MAX).default(0),
  page,
  pageSize: pageSize(catalogLimits.bestSellerPageSize),
});
export type BestSellersQuery = z.input<typeof bestSellersQuery>;
export const bestSellersResponse = pageOf(productCard);

// ---------------------------------------------------------------------------------------------------------------
// Search: GET /search

export const searchSort = z.enum(['relevance', 'price_asc', 'price_desc', 'name_asc', 'name_desc']);
export type SearchSort = z.infer<typeof searchSort>;

/**
 * deliveryOption:
 * - all: no filter.
 * - hardware_shipping: sellers that deliver with their own fleet (they have set hardware shipping rates).
 * - pickup, courier: every approved seller offers pick-up and courier delivery (Standard, Lalamove,
 *   Transportify), so these keep every product; they exist so the sidebar can offer the choice.
 */
export const deliveryOption = z.enum(['all', 'hardware_shipping', 'pickup', 'courier']);
export type DeliveryOption = z.infer<typeof deliveryOption>;

/**
 * q matches product name (weight A), brand (B), category and seller name (C) and description (D) with
 * PostgreSQL full text (word prefixes), plus names within a typo (trigram word similarity: "cemnt" finds
 * cement). priceMin/priceMax are centavos on the effective price. availability inStock keeps products with
 * orderable stock. location=near keeps sellers within `nearbyRadiusKm` of lat/lng, or of the signed-in
 * customer's saved location. sort defaults to relevance with q, name_asc without.
 */
export const searchQuery = z
  .object({
    q: text(200),
    priceMin: centavos,
    priceMax: centavos,
    category: optionalId,
    seller: optionalId,
    brand: text(100),
    availability: z.enum(['inStock', 'outOfStock']).default('inStock'),
    deliveryOption: deliveryOption.default('all'),
    location: z.enum(['all', 'near']).default('all'),
    lat: latitude,
    lng: longitude,
    sort: searchSort.optional(),
    page,
    pageSize: pageSize(catalogLimits.searchPageSize),
  })
  .refine((v) => v.priceMin === undefined || v.priceMax === undefined || v.priceMin <= v.priceMax, {
    message: messages.priceRangeInvalid,
    path: ['priceMin'],
  });
export type SearchQuery = z.input<typeof searchQuery>;

export const relatedShop = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string().nullable(),
  location: z.string(),
  url_handle: z.string(),
  /** Products of this shop matching the search. */
  product_count: z.number().int(),
});

/** Facet counts ignore the category, seller and brand filters so the sidebar keeps every choice. */
export const searchFacets = z.object({
  categories: z.array(categoryRef.extend({ count: z.number().int() })),
  sellers: z.array(z.object({ id: z.number().int(), name: z.string(), count: z.number().int() })),
  brands: z.array(z.object({ brand: z.string(), count: z.number().int() })),
});

export const searchResponse = pageOf(productCard).extend({
  sort: searchSort,
  facets: searchFacets,
  /** Up to 3 shops: sellers whose name matches q first, then those with the most matching products. */
  related_shops: z.array(relatedShop),
});
export type SearchResponse = z.infer<typeof searchResponse>;
