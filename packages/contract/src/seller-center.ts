import { z } from 'zod';
import { sellingUnits } from './catalog.ts';
import { orderStatuses } from './checkout.ts';
import { pageOf } from './pagination.ts';

/**
 * A product's selling unit. Declared here, beside its one user, rather than in catalog.ts: catalog.ts's constants are
 * on every shop page's first paint, and a schema in the same module would bring zod with them (decision 0044).
 */
export const sellingUnit = z.enum(sellingUnits, { error: 'Please choose a selling unit.' });

/**
 * The seller center (issue 5; spec 1 §1 "Sellers have their own separate site with its own login"): the shop's
 * catalogue, stock adjustments through the ledger, and the shop's orders. Money in centavos.
 */

/** Words of the seller center (the spec leaves them to us). */
export const sellerCenterMessages = {
  sellersOnly: 'This login is for seller accounts. Customers log in on the Tibay shop.',
  noShop: 'Your seller account has no shop yet.',
  productNotFound: 'Product not found.',
  productSaved: 'Product saved.',
  productDeleted: 'Product deleted.',
  productDeactivated: 'This product has orders or stock history, so it was deactivated instead of deleted.',
  stockBeforeVariations: "Adjust this item's stock to 0 before adding variations to it.",
  stockBelowZero: 'Stock cannot go below zero: only {n} in stock.',
  stockReasonRequired: 'Please give a reason for this stock adjustment.',
  stockZeroQuantity: 'Enter a quantity other than 0.',
  stockNotLeaf: 'Adjust the stock of each variation instead: this item has variations.',
  stockAdjusted: 'Stock adjusted.',
  tooManyImages: 'A product can have at most {n} images.',
  tooManyVideos: 'A product can have at most {n} videos.',
  videoInvalid: 'Please upload an MP4 or WebM video.',
  videoTooLarge: 'The video is too large (at most 20 MB).',
  videoUrlInvalid: 'Please enter a video link that starts with https://.',
  imageNotFound: 'Image not found.',
  imageInvalidProduct: 'Please upload a PNG, JPEG or WebP image.',
  discountAbovePrice: 'The discounted price must be lower than the price.',
  categoryUnknown: 'Please choose a category.',
  orderMoved: 'Order moved to {status}.',
} as const;

export const productImageMaxBytes = 3 * 1024 * 1024;
export const productVideoMaxBytes = 20 * 1024 * 1024;
export const productMaxImages = 10;
export const productMaxVideos = 3;

/** Pesos typed by the seller are sent as centavos. */
const centavos = z.number().int().min(0, 'The price cannot be negative.').max(100_000_000_000);

/** Fields every node of the tree has (product, variation, sub-variation). Stock is never here: see stockAdjustment. */
const nodeFields = {
  /** Present for an existing node (edit); absent for a new one. */
  id: z.number().int().positive().max(2_147_483_647).optional(),
  name: z.string().trim().min(1, 'Name is required.').max(200),
  price: z
    .number({ error: 'Please enter a price.' })
    .int()
    .min(100, 'Please enter a price of at least ₱1.')
    .max(100_000_000_000),
  discounted_price: centavos.default(0),
  quantity_limit: z.number().int().min(1, 'The quantity limit must be at least 1.').max(1200).default(1200),
  is_active: z.boolean().default(true),
};

function discountBelowPrice(node: { price: number; discounted_price: number }) {
  return node.discounted_price === 0 || node.discounted_price < node.price;
}
const discountRule = { error: sellerCenterMessages.discountAbovePrice, path: ['discounted_price'] };

export const subVariationInput = z.object(nodeFields).strict().refine(discountBelowPrice, discountRule);

export const variationInput = z
  .object({ ...nodeFields, sub_variations: z.array(subVariationInput).max(50).default([]) })
  .strict()
  .refine(discountBelowPrice, discountRule);

/** Create or replace a product with its variations and sub-variations. Nodes left out of an edit are removed. */
export const productInput = z
  .object({
    ...nodeFields,
    category_id: z
      .number({ error: sellerCenterMessages.categoryUnknown })
      .int({ error: sellerCenterMessages.categoryUnknown })
      .positive({ error: sellerCenterMessages.categoryUnknown })
      .max(2_147_483_647, { error: sellerCenterMessages.categoryUnknown }),
    brand: z.string().trim().max(120).nullable().default(null),
    description: z.string().trim().max(5000).nullable().default(null),
    is_big_item: z.boolean().default(false),
    weight_grams: z.number().int().min(1, 'The weight must be at least 1 gram.').max(100_000_000).default(1000),
    /** What one unit of the price is; the variations share it. */
    selling_unit: sellingUnit.default('piece'),
    variations: z.array(variationInput).max(50).default([]),
  })
  .strict()
  .refine(discountBelowPrice, discountRule);
export type ProductInput = z.input<typeof productInput>;

export const sellerProductListQuery = z.object({
  q: z.string().trim().max(200).default(''),
  status: z.enum(['all', 'active', 'inactive']).default('all'),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const sellerProductRow = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.string(),
  brand: z.string().nullable(),
  price: z.number().int(),
  discounted_price: z.number().int(),
  /** Stock of the orderable leaves. */
  stock: z.number().int(),
  variations: z.number().int(),
  is_active: z.boolean(),
  photo: z.string().nullable(),
  updated_at: z.string(),
});
export const sellerProductPage = pageOf(sellerProductRow);
export type SellerProductRow = z.infer<typeof sellerProductRow>;

const nodeOut = {
  id: z.number().int(),
  name: z.string(),
  price: z.number().int(),
  discounted_price: z.number().int(),
  stock: z.number().int(),
  quantity_limit: z.number().int(),
  is_active: z.boolean(),
  /** True when stock is kept on this node (it has no children). */
  is_leaf: z.boolean(),
};
export const sellerSubVariation = z.object(nodeOut);
export const sellerVariation = z.object({ ...nodeOut, sub_variations: z.array(sellerSubVariation) });
export const productImage = z.object({
  id: z.number().int(),
  url: z.string(),
  is_thumbnail: z.boolean(),
  sort_order: z.number().int(),
});
export const productVideo = z.object({ id: z.number().int(), url: z.string() });
export const stockMovementRow = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  node_name: z.string(),
  kind: z.string(),
  quantity: z.number().int(),
  reason: z.string().nullable(),
  reference: z.string().nullable(),
  created_at: z.string(),
});

export const sellerProduct = z.object({
  ...nodeOut,
  category_id: z.number().int(),
  category: z.string(),
  brand: z.string().nullable(),
  description: z.string().nullable(),
  is_big_item: z.boolean(),
  weight_grams: z.number().int(),
  selling_unit: z.string(),
  /** Referenced by orders: deleting it deactivates it instead. */
  in_orders: z.boolean(),
  variations: z.array(sellerVariation),
  images: z.array(productImage),
  videos: z.array(productVideo),
  movements: z.array(stockMovementRow),
});
export type SellerProduct = z.infer<typeof sellerProduct>;
export type SellerVariation = z.infer<typeof sellerVariation>;

export const deleteProductResponse = z.object({ result: z.enum(['deleted', 'deactivated']), message: z.string() });

/** A signed change of a leaf's stock (+ received, - removed), always with a reason. */
export const stockAdjustment = z
  .object({
    quantity: z
      .number({ error: sellerCenterMessages.stockZeroQuantity })
      .int()
      .min(-1_000_000)
      .max(1_000_000)
      .refine((n) => n !== 0, sellerCenterMessages.stockZeroQuantity),
    reason: z.string().trim().min(1, sellerCenterMessages.stockReasonRequired).max(500),
  })
  .strict();
export const stockAdjustmentResponse = z.object({ product_id: z.number().int(), stock: z.number().int() });

export const imageOrderInput = z
  .object({
    /** Every image id of the product, in the new order. */
    order: z.array(z.number().int()).max(50).optional(),
    thumbnail_id: z.number().int().optional(),
  })
  .strict();

export const videoUrlInput = z
  .object({
    url: z
      .string()
      .trim()
      .url(sellerCenterMessages.videoUrlInvalid)
      .startsWith('https://', sellerCenterMessages.videoUrlInvalid)
      .max(500),
  })
  .strict();

// Orders.

export const sellerOrderListQuery = z.object({
  status: z.enum(['ALL', ...orderStatuses]).default('ALL'),
  q: z.string().trim().max(100).default(''),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});

export const sellerOrderRow = z.object({
  reference: z.string(),
  status: z.enum(orderStatuses),
  buyer_name: z.string(),
  payment_method: z.string(),
  shipping_type: z.string(),
  total: z.number().int(),
  items: z.number().int(),
  created_at: z.string(),
});
export const sellerOrderPage = pageOf(sellerOrderRow);
export type SellerOrderRow = z.infer<typeof sellerOrderRow>;

export const sellerOrderDetail = z.object({
  reference: z.string(),
  status: z.enum(orderStatuses),
  buyer_name: z.string(),
  recipient_name: z.string(),
  recipient_phone: z.string().nullable(),
  billing_email: z.string(),
  delivery_address: z.string(),
  shipping_type: z.string(),
  schedule_date: z.string(),
  payment_method: z.string(),
  payment_channel: z.string().nullable(),
  /** Whether the buyer submitted a proof of payment (administrators verify it; the seller never sees the file). */
  has_proof_of_payment: z.boolean(),
  /** The seller-only API path of the buyer's purchase order (needs the seller's bearer token), or null. */
  purchase_order_url: z.string().nullable(),
  order_instructions: z.string().nullable(),
  logistics_company: z.string().nullable(),
  subtotal: z.number().int(),
  shipping_fee: z.number().int(),
  voucher_discount: z.number().int(),
  total: z.number().int(),
  deny_reason: z.string().nullable(),
  created_at: z.string(),
  verified_at: z.string().nullable(),
  preparation_at: z.string().nullable(),
  delivery_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  denied_at: z.string().nullable(),
  items: z.array(
    z.object({
      product_id: z.number().int(),
      product_name: z.string(),
      variation_name: z.string().nullable(),
      sub_variation_name: z.string().nullable(),
      photo_url: z.string().nullable(),
      unit_price: z.number().int(),
      quantity: z.number().int(),
      line_total: z.number().int(),
    }),
  ),
  timeline: z.array(z.object({ status: z.enum(orderStatuses), note: z.string().nullable(), at: z.string() })),
  /** The steps this seller may take now (from the order life cycle). */
  next: z.array(z.enum(orderStatuses)),
});
export type SellerOrderDetail = z.infer<typeof sellerOrderDetail>;

export const moveOrderInput = z
  .object({ to: z.enum(orderStatuses), reason: z.string().trim().max(500).optional() })
  .strict();

export const sellerMe = z.object({
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  shop: z.object({ id: z.number().int(), name: z.string(), url_handle: z.string(), logo_url: z.string().nullable() }),
});
export type SellerMe = z.infer<typeof sellerMe>;
