import { z } from 'zod';
import { orderStatuses, paymentMethodCodes, shippingTypes } from './checkout.ts';
import { messages } from './messages.ts';
import { pageOf } from './pagination.ts';

/**
 * The buyer's orders after checkout (spec 2: MY ORDERS, the order detail modal, reviews, order again and
 * /TrackOrder). Money in centavos; timestamps ISO 8601 strings or null.
 *
 * - GET /orders?filter=&q=&page=&pageSize= : the signed-in customer's own orders, newest first.
 * - GET /orders/:reference : one of them in full (another customer's order is 404, like a missing one).
 * - POST /reviews : a rating (1..5) and comment for a product of a Delivered or Received order, once.
 * - POST /orders/:reference/order-again : the cart is cleared and replaced by the order's items.
 * - POST /track-order : an order found by its reference and billing email only.
 */

/** The MY ORDERS tabs (spec 2 §2). ALL also lists the unpaid gateway orders that ended (Cancelled, Payment ...). */
export const orderFilters = [
  'ALL',
  'PENDING',
  'VERIFIED',
  'FOR PREPARATION',
  'FOR DELIVERY',
  'DELIVERED',
  'RECEIVED',
  'DENIED',
] as const;
export type OrderFilter = (typeof orderFilters)[number];

/** The tab labels, as the spec writes them. */
export const orderFilterLabels: Record<OrderFilter, string> = {
  ALL: 'ALL',
  PENDING: 'PENDING',
  VERIFIED: 'VERIFIED',
  'FOR PREPARATION': 'FOR PREPARATION',
  'FOR DELIVERY': 'FOR DELIVERY',
  DELIVERED: 'DELIVERED',
  RECEIVED: 'RECEIVED (PICK-UP)',
  DENIED: 'DENIED',
};

/** The order status each tab shows (ALL: every status). */
export const orderFilterStatus: Record<Exclude<OrderFilter, 'ALL'>, (typeof orderStatuses)[number]> = {
  PENDING: 'Pending',
  VERIFIED: 'Verified',
  'FOR PREPARATION': 'For Preparation',
  'FOR DELIVERY': 'For Delivery',
  DELIVERED: 'Delivered',
  RECEIVED: 'Received',
  DENIED: 'Denied',
};

/** The spec's order history page size. */
export const orderHistoryPageSize = 10;

export const orderHistoryQuery = z.object({
  filter: z
    .string()
    .transform((v) => v.trim().toUpperCase())
    .pipe(z.enum(orderFilters))
    .default('ALL'),
  /** Matches the reference or a product name (case-insensitive). */
  q: z
    .string()
    .max(100)
    .transform((v) => v.trim())
    .default(''),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(orderHistoryPageSize),
});
export type OrderHistoryQuery = z.input<typeof orderHistoryQuery>;

const seller = z.object({ id: z.number().int(), name: z.string(), logo: z.string().nullable() });

/** One row of MY ORDERS. */
export const orderSummary = z.object({
  reference: z.string(),
  status: z.enum(orderStatuses),
  ordered_at: z.string(),
  seller,
  /** The first product of the order (the spec shows its name, price and quantity). */
  first_product: z.object({
    name: z.string(),
    variation_name: z.string().nullable(),
    sub_variation_name: z.string().nullable(),
    photo: z.string().nullable(),
    unit_price: z.number().int(),
    /** What one unit is (the product's selling unit: bag, piece ...). */
    selling_unit: z.string(),
    quantity: z.number().int(),
  }),
  /** How many lines the order has. */
  item_count: z.number().int(),
  total: z.number().int(),
});
export type OrderSummary = z.infer<typeof orderSummary>;

export const orderHistoryResponse = pageOf(orderSummary);
export type OrderHistoryResponse = z.infer<typeof orderHistoryResponse>;

export const productReview = z.object({
  rating: z.number().int(),
  review: z.string(),
  created_at: z.string(),
});
export type ProductReview = z.infer<typeof productReview>;

/** A product line of the order detail: what was bought, frozen at checkout, and the buyer's review if given. */
export const orderDetailProduct = z.object({
  /** The depth-0 product (what a review is about; the item page link). */
  product_id: z.number().int(),
  /** The leaf bought: the product, a variation or a sub-variation. */
  leaf_id: z.number().int(),
  name: z.string(),
  variation_name: z.string().nullable(),
  sub_variation_name: z.string().nullable(),
  photo: z.string().nullable(),
  unit_price: z.number().int(),
  /** What one unit is (the product's selling unit: bag, piece ...). */
  selling_unit: z.string(),
  quantity: z.number().int(),
  line_total: z.number().int(),
  review: productReview.nullable(),
});
export type OrderDetailProduct = z.infer<typeof orderDetailProduct>;

/** The order detail modal (spec 2 §2; §3 Order). */
export const orderDetail = z.object({
  reference: z.string(),
  status: z.enum(orderStatuses),
  payment_method: z.enum(paymentMethodCodes),
  payment_method_label: z.string(),
  shipping_type: z.enum(shippingTypes),
  subtotal: z.number().int(),
  shipping_fee: z.number().int(),
  voucher_discount: z.number().int(),
  total: z.number().int(),
  delivery_location: z.string(),
  ordered_at: z.string(),
  verified_at: z.string().nullable(),
  preparation_at: z.string().nullable(),
  delivery_at: z.string().nullable(),
  /** Delivered, or Received for a pick-up order. */
  delivered_at: z.string().nullable(),
  denied_at: z.string().nullable(),
  deny_reason: z.string().nullable(),
  seller: seller.extend({ address: z.string() }),
  logistics_company: z.string().nullable(),
  /** True when the order is Delivered or Received: its products may be reviewed (once each). */
  can_review: z.boolean(),
  products: z.array(orderDetailProduct),
});
export type OrderDetail = z.infer<typeof orderDetail>;

/** The statuses whose products may be reviewed (spec 2 §4 Reviews). */
export const reviewableStatuses = ['Delivered', 'Received'] as const;

/** POST /reviews (the spec's product review): the author is the signed-in customer. */
/** The longest review comment (the review box shows a counter up to it). */
export const reviewCommentMaxLength = 2000;

export const reviewRequest = z
  .object({
    /** The depth-0 product of a line of the order. */
    product_id: z.number().int().min(1).max(2_147_483_647),
    rating: z
      .number({ error: messages.ratingRequired })
      .int(messages.ratingRequired)
      .min(1, messages.ratingRequired)
      .max(5, messages.ratingRequired),
    comment: z.string().max(reviewCommentMaxLength).default(''),
    reference_no: z.string().max(40),
  })
  .strict();
export type ReviewRequest = z.input<typeof reviewRequest>;

export const reviewResponse = z.object({
  /** messages.reviewSubmitted */
  message: z.string(),
  review: productReview.extend({ product_id: z.number().int(), reference_no: z.string() }),
});
export type ReviewResponse = z.infer<typeof reviewResponse>;

/** Why a line of the order went into the cart with less, or not at all. */
export const orderAgainReasons = ['out_of_stock', 'unavailable', 'reduced'] as const;

export const orderAgainLine = z.object({
  /** The leaf (product, variation or sub-variation) of the order line. */
  product_id: z.number().int(),
  name: z.string(),
  /** The quantity of the original order. */
  requested: z.number().int(),
  /** What went into the cart (0 when not added). */
  quantity: z.number().int(),
  /** The current unit price (what the cart now charges). */
  unit_price: z.number().int().nullable(),
  reason: z.enum(orderAgainReasons).nullable(),
  /** The reason in words (messages.orderAgainOutOfStock, orderAgainGone, orderAgainReduced). */
  note: z.string().nullable(),
});
export type OrderAgainLine = z.infer<typeof orderAgainLine>;

export const orderAgainResponse = z.object({
  /** messages.orderAgainSuccess */
  message: z.string(),
  added: z.array(orderAgainLine),
  not_added: z.array(orderAgainLine),
  /** Lines in the cart now (the header badge). */
  cart_count: z.number().int(),
});
export type OrderAgainResponse = z.infer<typeof orderAgainResponse>;

/** POST /track-order. No client-side checks (spec 2 §5): the server answers not found for anything that misses. */
export const trackOrderRequest = z.object({
  orderId: z.string().max(100),
  billingEmail: z.string().max(320),
});
export type TrackOrderRequest = z.infer<typeof trackOrderRequest>;

const point = z.object({
  name: z.string(),
  address: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});

export const trackedOrder = z.object({
  reference: z.string(),
  status: z.enum(orderStatuses),
  shipping_type: z.enum(shippingTypes),
  logistics_company: z.string().nullable(),
  courier_share_link: z.string().nullable(),
  ordered_at: z.string(),
  verified_at: z.string().nullable(),
  preparation_at: z.string().nullable(),
  delivery_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  denied_at: z.string().nullable(),
  seller: point,
  delivery: point,
});
export type TrackedOrder = z.infer<typeof trackedOrder>;

/** The spec's response: success and the trackOrder list (one order). Not found is 404 with messages.trackNoOrder. */
export const trackOrderResponse = z.object({ success: z.literal(true), trackOrder: z.array(trackedOrder) });
export type TrackOrderResponse = z.infer<typeof trackOrderResponse>;

/** The progress steps of /TrackOrder and the detail modal, in order. */
export function orderTimeline(order: {
  status: (typeof orderStatuses)[number];
  shipping_type: (typeof shippingTypes)[number];
  ordered_at: string;
  verified_at: string | null;
  preparation_at: string | null;
  delivery_at: string | null;
  delivered_at: string | null;
  denied_at: string | null;
}): { label: string; at: string | null; done: boolean }[] {
  const pickup = order.shipping_type === 'pickup';
  const steps = [
    { label: 'Pending', at: order.ordered_at },
    { label: 'Verified', at: order.verified_at },
    { label: 'For Preparation', at: order.preparation_at },
    ...(pickup ? [] : [{ label: 'For Delivery', at: order.delivery_at }]),
    { label: pickup ? 'Received' : 'Delivered', at: order.delivered_at },
  ];
  const out = steps.map((step) => ({ ...step, done: step.at !== null }));
  if (order.status === 'Denied') out.push({ label: 'Denied', at: order.denied_at, done: true });
  return out;
}
