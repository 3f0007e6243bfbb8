import { z } from 'zod';
import { messages } from './messages.ts';
import { formatPeso } from './money.ts';
import { pageOf } from './pagination.ts';

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
export const sellingUnit = z.enum(sellingUnits, { error: 'Please choose a selling unit.' });

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
// Shared pieces

const INT_MAX = 2_147_483_647;
const id = z.coerce.number().int().min(1).max(INT_MAX);
const page = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSize = (fallback: number) => z.coerce.number().int().min(1).max(catalogLimits.maxPageSize).default(fallback);
/** Free text; blank means absent. */
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));
/** An optional query number: an empty value (`?priceMax=`) means absent, not 0. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());
const latitude = optional(z.coerce.number().min(-90).max(90));
const longitude = optional(z.coerce.number().min(-180).max(180));
const centavos = optional(
  z.coerce.number({ error: messages.onlyNumbers }).int(messages.onlyNumbers).min(0, messages.onlyNumbers),
);
const optionalId = optional(id);
const suggestionQuery = z.object({
  q: text(100),
  limit: z.coerce.number().int().min(1).max(catalogLimits.maxSuggestionLimit).default(catalogLimits.suggestionLimit),
});

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

// ---------------------------------------------------------------------------------------------------------------
// Item page: GET /products/:id

export const productParams = z.object({ id });

/** A variation or sub-variation. stocks of a variation with sub-variations is the sum of theirs. */
export const productNode = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number().int(),
  discounted_price: z.number().int(),
  stocks: z.number().int(),
  quantity_limit: z.number().int(),
});
export type ProductNode = z.infer<typeof productNode>;

export const variation = productNode.extend({ sub_variations: z.array(productNode) });
export type Variation = z.infer<typeof variation>;

export const productDetail = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  brand: z.string().nullable(),
  category: categoryRef,
  photo: z.string().nullable(),
  /** Thumbnail first, then in the seller's order. */
  product_images: z.array(z.object({ id: z.number().int(), url: z.string(), is_thumbnail: z.boolean() })),
  product_videos: z.array(z.object({ id: z.number().int(), url: z.string() })),
  price: z.number().int(),
  discounted_price: z.number().int(),
  /** Lowest and highest effective price over the orderable leaves (equal when there is one). */
  price_range: z.object({ min: z.number().int(), max: z.number().int() }),
  /** What one unit of the price is (sellingUnits); the variations share it. */
  selling_unit: z.string(),
  stocks: z.number().int(),
  quantity_limit: z.number().int(),
  /** Category 3: the paint popup. */
  is_paint: z.boolean(),
  sold_count: z.number().int(),
  rating,
  seller: z.object({
    id: z.number().int(),
    /** Both are the shop's company name (the spec's client reads either). */
    name: z.string(),
    company_name: z.string(),
    seller_logo: z.string().nullable(),
    address: z.string(),
    /** Sanitized HTML. */
    description: z.string().nullable(),
    url_handle: z.string(),
    latitude: z.number(),
    longitude: z.number(),
  }),
  variations: z.array(variation),
});
export type ProductDetail = z.infer<typeof productDetail>;

export const review = z.object({
  id: z.number().int(),
  /** First name and last initial ("Juan D."). */
  customer_name: z.string(),
  rate: z.number().int(),
  review: z.string(),
  created_at: z.string(),
  product_id: z.number().int(),
  product_name: z.string(),
});
export type Review = z.infer<typeof review>;

/** Average and total over every review; items are the newest `reviewsShown`. */
export const reviewSummary = rating.extend({ items: z.array(review) });
export type ReviewSummary = z.infer<typeof reviewSummary>;

/** 404 (messages.productNotFound) for unknown or inactive products; the web shows "Error loading item details.". */
export const productDetailResponse = z.object({
  product: productDetail,
  /** Reviews of this product. */
  item_reviews: reviewSummary,
  /** Reviews of every product of the seller. */
  seller_reviews: reviewSummary,
});
export type ProductDetailResponse = z.infer<typeof productDetailResponse>;
