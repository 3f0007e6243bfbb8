import { z } from 'zod';
import { categoryRef, rating } from './catalog.ts';
import { id } from './catalog-fields.ts';

/** The item page. */

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
