import { z } from 'zod';
import { catalogLimits, categoryRef, productCard } from './catalog.ts';
import { latitude, longitude, optionalId, page, pageSize, suggestionQuery, text } from './catalog-fields.ts';
import { pageOf } from './pagination.ts';

/** Discovery by seller: the seller listing and search, microsites, and a seller's shop. */

// ---------------------------------------------------------------------------------------------------------------
// Shop by seller: GET /sellers, GET /sellers/search, GET /microsites/:handle

export const sellerListMode = z.enum(['nearby', 'global']);
export type SellerListMode = z.infer<typeof sellerListMode>;

/**
 * GET /sellers. mode defaults to nearby when coordinates are known (lat/lng, else the signed-in customer's
 * saved location), otherwise global. nearby lists approved sellers within `nearbyRadiusKm`, nearest first;
 * global lists every approved seller by name. keyword filters by seller name (typos tolerated).
 */
export const sellerListQuery = z.object({
  page,
  pageSize: pageSize(catalogLimits.sellerPageSize),
  mode: sellerListMode.optional(),
  lat: latitude,
  lng: longitude,
  keyword: text(100),
});
export type SellerListQuery = z.input<typeof sellerListQuery>;

export const sellerCard = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string().nullable(),
  /** City and province. */
  location: z.string(),
  url_handle: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** Straight-line distance from the coordinates used; null when none were known. */
  distance_km: z.number().nullable(),
  /** Up to 4 of the seller's best-selling products. */
  products: z.array(z.object({ id: z.number().int(), photo: z.string().nullable() })),
});
export type SellerCard = z.infer<typeof sellerCard>;

export const sellerListResponse = pageOf(sellerCard).extend({
  /** The mode actually used. */
  mode: sellerListMode,
  radius_km: z.number(),
});
export type SellerListResponse = z.infer<typeof sellerListResponse>;

/** GET /sellers/search?q= (sellerCompanySearchQuery): seller names for the search box. */
export const sellerSearchQuery = z.object({
  q: z.string().trim().min(1).max(100),
  limit: suggestionQuery.shape.limit,
});
export const sellerSearchResponse = z.object({
  items: z.array(
    z.object({ id: z.number().int(), name: z.string(), url_handle: z.string(), logo: z.string().nullable() }),
  ),
});

/** GET /microsites/:handle (getMicrositehandle). 404 with messages.micrositeNotFound. */
export const microsite = z.object({
  id: z.number().int(),
  /** The microsite name (its handle), used as the landing route. */
  microsite: z.string(),
  /** The brand named in the extra shop link. */
  brand: z.string(),
  url_handle: z.string(),
});
export type Microsite = z.infer<typeof microsite>;

// ---------------------------------------------------------------------------------------------------------------
// Seller shop: GET /sellers/:handleOrId/shop, GET /sellers/:handleOrId/suggestions

/** A shop is addressed by its url_handle (any case) or by its numeric id. */
export const shopParams = z.object({ handleOrId: z.string().trim().min(1).max(120) });

/** sort: asc = LOWEST PRICE, desc = HIGHEST PRICE; absent = best selling first. */
export const shopQuery = z.object({
  page,
  pageSize: pageSize(catalogLimits.shopPageSize),
  sort: z.enum(['asc', 'desc']).optional(),
  keyword: text(100),
  category: optionalId,
});
export type ShopQuery = z.input<typeof shopQuery>;

export const sellerCompany = z.object({
  id: z.number().int(),
  seller_name: z.string(),
  seller_logo: z.string().nullable(),
  seller_banner_img: z.string().nullable(),
  address: z.string(),
  location: z.string(),
  /** Sanitized HTML (the About text). */
  seller_description: z.string().nullable(),
  url_handle: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** Every listed product of the shop (the header's product count), whatever the filters. */
  product_count: z.number().int(),
});
export type SellerCompany = z.infer<typeof sellerCompany>;

/** The list fields describe the filtered products ("{n} ITEMS" is totalCount). */
export const shopResponse = pageOf(productCard).extend({
  seller_company: sellerCompany,
  /** Categories with products in this shop (the CATEGORIES dropdown). */
  categories: z.array(categoryRef.extend({ count: z.number().int() })),
});
export type ShopResponse = z.infer<typeof shopResponse>;

export const shopSuggestionQuery = suggestionQuery;
