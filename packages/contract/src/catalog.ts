import { z } from 'zod';
import { formatPeso } from './money.ts';

/**
 * What one unit of a price is, shown beside every price ("₱265.000 / bag"). The seller chooses one per product;
 * its variations share it.
 */
export const sellingUnits = [
  'piece',
  'bag',
  'sheet',
  'cu.m.',
  'sq.m.',
  'kg',
  'meter',
  'length',
  'roll',
  'box',
  'pack',
  'set',
  'pair',
  'bundle',
  'sack',
  'lot',
  'can',
  'pail',
  'gallon',
  'liter',
  'bottle',
  'tube',
  'unit',
] as const;
export type SellingUnit = (typeof sellingUnits)[number];

/** A price with its selling unit: "₱265.000 / bag" (shop views: formatPeso). */
export function formatUnitPrice(centavos: number, unit: string): string {
  return `${formatPeso(centavos)} / ${unit}`;
}

/**
 * Discovery: seller listing, categories, shops, best sellers, search and the item page.
 * Every price is integer centavos. A product's "effective price" is its discounted price when that is at
 * least ₱1 (100 centavos), otherwise its list price: price filters and price sorting use it.
 */

// ---------------------------------------------------------------------------------------------------------------
// Constants (spec 1 §9)

export const catalogLimits = {
  /** Seller listing page size; each card shows at most `sellerCardPhotos` product photos. */
  sellerPageSize: 12,
  sellerCardPhotos: 4,
  shopPageSize: 15,
  categoryPageSize: 20,
  searchPageSize: 9,
  bestSellerPageSize: 15,
  /** The largest pageSize any list accepts. */
  maxPageSize: 60,
  /** Suggestions returned by default and at most (the spec's client fetched 1000-10000 names; we search). */
  suggestionLimit: 10,
  maxSuggestionLimit: 50,
  /** Nearby sellers (listing and the search filter location=near): straight-line distance in km. */
  nearbyRadiusKm: 100,
  /** Shops related to a search (the web shows 2 on phones, 3 otherwise). */
  relatedShops: 3,
  /** Card tooltip: the description cut to this many words. */
  descriptionExcerptWords: 20,
  /** Newest reviews returned on the item page (the totals count them all). */
  reviewsShown: 20,
  /** Facet values returned per facet (most products first). */
  facetValues: 30,
} as const;

/** Item page quantity presets; each is disabled when stock or the quantity limit is lower. */
export const quantityQuickPicks = [100, 300, 600] as const;
/** The item page's quantity input minimum and step. */
export const itemQuantityStep = 100;
/** No cart line may hold more than this, whatever the stock (also the paint popup's maximum). */
export const cartLineCap = 1200;
/** Paint products (category 3) open the paint popup. */
export const paintCategoryId = 3;
/** The map's default centre (Metro Manila) and zoom levels. */
export const mapDefaults = { centre: { lat: 14.58, lng: 121.06 }, addressZoom: 15, sellersZoom: 9 } as const;

/** Home best-seller tabs (category 0 = ALL) and the dropdown variant. */
export const bestSellerTabs = [
  { category_id: 0, label: 'ALL' },
  { category_id: 2, label: 'CEMENT' },
  { category_id: 1, label: 'STEEL BAR' },
  { category_id: 17, label: 'ROOFING' },
  { category_id: 18, label: 'SEALING' },
  { category_id: 16, label: 'CONCRETE' },
  { category_id: 5, label: 'LIGHTS' },
  { category_id: 13, label: 'TOOLS' },
] as const;
export const bestSellerDropdown = [
  { category_id: 0, label: 'ALL' },
  { category_id: 2, label: 'CEMENT' },
  { category_id: 1, label: 'STEEL BAR' },
  { category_id: 3, label: 'PAINT' },
  { category_id: 4, label: 'AGGREGATE' },
  { category_id: 16, label: 'CONCRETE' },
  { category_id: 5, label: 'LIGHTS' },
  { category_id: 13, label: 'TOOLS' },
] as const;

// ---------------------------------------------------------------------------------------------------------------
// Shared pieces (the sellers, listings and item page schemas are in catalog-*.ts)

export const rating = z.object({
  /** 0 when there are no reviews; otherwise rounded to 2 decimals. */
  average_rating: z.number(),
  total: z.number().int(),
});
export type Rating = z.infer<typeof rating>;

export const sellerRef = z.object({
  id: z.number().int(),
  name: z.string(),
  seller_logo: z.string().nullable(),
  url_handle: z.string(),
});

/** The product card of every grid (shop, category, best sellers, search). */
export const productCard = z.object({
  id: z.number().int(),
  name: z.string(),
  /** For /item/{id}/{slug}. */
  slug: z.string(),
  /** The image flagged as thumbnail, else the first image; null when the product has none. */
  photo: z.string().nullable(),
  price: z.number().int(),
  /** Shown (with the list price struck through) only when at least 100 centavos. */
  discounted_price: z.number().int(),
  /** What one unit of the price is (sellingUnits). */
  selling_unit: z.string(),
  category_id: z.number().int(),
  seller: sellerRef,
  /** The description cut to 20 words; null when there is none ("No description available"). */
  description_excerpt: z.string().nullable(),
  rating,
  /** Stock the buyer can order: the product's, or the sum over its variations' leaves. */
  stocks: z.number().int(),
  /** True when the product has variations to choose in the add-to-cart popup. */
  has_variations: z.boolean(),
});
export type ProductCard = z.infer<typeof productCard>;

export const categoryRef = z.object({ category_id: z.number().int(), product_category: z.string() });

export const category = categoryRef.extend({
  photo: z.string().nullable(),
  banner: z.string().nullable(),
});
export type Category = z.infer<typeof category>;

/** Suggestions for a search box: product (or seller) names, best matches first. */
export const nameSuggestions = z.object({
  items: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type NameSuggestions = z.infer<typeof nameSuggestions>;
