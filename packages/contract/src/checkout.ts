import { z } from 'zod';
import { messages } from './messages.ts';
import { paymentMethodCodes } from './payment-methods.ts';

export * from './payment-methods.ts';

/**
 * Checkout (spec 2 §2, §4, §5, §7, §9): delivery step, payment step, placing the orders, and the order
 * status the result pages poll. Money is integer centavos. The server computes every price, fee, discount
 * and total; the client sends only choices (which cart lines, which method, which voucher code).
 *
 * Routes (see docs/api.md):
 *   POST /checkout/shipping-quotes   shippingQuotesRequest -> shippingQuotesResponse
 *   POST /checkout/preview           checkoutPreviewRequest -> checkoutPreviewResponse
 *   GET  /vouchers/suggested         -> suggestedVouchersResponse
 *   POST /vouchers/check             voucherCheckRequest -> voucherCheckResponse (422 with the reason)
 *   POST /checkout                   multipart: data (JSON of placeOrderRequest), proof_of_payment, po_attachment;
 *                                    header Idempotency-Key -> checkoutResult
 *   GET  /checkouts/by-reference/:reference   (the spec's "checkout fallback") -> checkoutResult
 *   GET  /orders/:reference/status   -> orderStatusResponse
 */

// ---------------------------------------------------------------------------------------------------------
// Shipping (spec 2 §4 shipping table, §9)

export const shippingTypes = ['standard', 'transportify', 'lalamove', 'hardware', 'pickup'] as const;
export type ShippingType = (typeof shippingTypes)[number];

export const shippingMethods: Record<ShippingType, { label: string; minDays: number }> = {
  standard: { label: 'Standard Shipping', minDays: 3 },
  transportify: { label: 'Transportify', minDays: 2 },
  lalamove: { label: 'Lalamove', minDays: 2 },
  hardware: { label: 'Hardware Shipping', minDays: 5 },
  pickup: { label: 'Pick-up', minDays: 3 },
};

/** Transportify's quoted total fees and the other courier quote are raised by this percent. */
export const courierMarkupPercent = 20;
/** Transportify uses the Regular 10w vehicle when the cart subtotal is above ₱100,000 (centavos). */
export const transportifyBigVehicleThreshold = 10_000_000;
export const transportifyVehicles = { big: 'Regular 10w', small: '2000kg' } as const;
export const minimumAddressLength = 20;

// Building a formatter with a time zone is costly (tens of microseconds); one is enough.
const manilaDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila' });

/** Today's date in Manila as YYYY-MM-DD. */
export function manilaToday(now: Date = new Date()): string {
  return manilaDate.format(now);
}

/** The earliest pick-up or delivery date a method allows: today (Manila) plus its minimum days. */
export function earliestScheduleDate(type: ShippingType, now: Date = new Date()): string {
  const [y, m, d] = manilaToday(now).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d + shippingMethods[type].minDays));
  return date.toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------------------
// Requests

const id = z.number().int().min(1).max(2_147_483_647);
const cartItemIds = z.array(id).min(1, messages.cartEmpty).max(200);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Please choose a valid date.');
const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);
const deliveryAddress = z
  .string({ error: messages.selectDeliveryAddress })
  .trim()
  .min(minimumAddressLength, messages.selectDeliveryAddress)
  .max(300);

export const shippingQuotesRequest = z
  .object({ cart_item_ids: cartItemIds, address: deliveryAddress, latitude, longitude })
  .strict();
export type ShippingQuotesRequest = z.input<typeof shippingQuotesRequest>;

/** The longest order instructions a buyer may write (the cart shows a counter up to it). */
export const orderInstructionsMaxLength = 1000;

/** The delivery step's choices: what to buy, where, how and when. */
const deliveryChoices = {
  cart_item_ids: cartItemIds,
  address: deliveryAddress,
  latitude,
  longitude,
  shipping_type: z.enum(shippingTypes, { error: messages.selectShippingMethod }),
  schedule_date: isoDate,
  order_instructions: z.string().trim().max(orderInstructionsMaxLength).optional(),
};

export const checkoutPreviewRequest = z
  .object({
    ...deliveryChoices,
    voucher_code: z.string().trim().max(50).optional(),
  })
  .strict();
export type CheckoutPreviewRequest = z.input<typeof checkoutPreviewRequest>;

export const cardBilling = z
  .object({
    firstName: z.string().trim().min(1, messages.cardFirstName).max(100),
    middleName: z.string().trim().max(100).optional(),
    lastName: z.string().trim().min(1, messages.cardLastName).max(100),
    billingAddress: z.string().trim().min(1, messages.cardBillingAddress).max(300),
    billingCity: z.string().trim().min(1, messages.cardBillingCity).max(100),
    billingState: z.string().trim().max(100).optional(),
    billingCountry: z.string().trim().min(1, messages.cardBillingCountry).max(2).default('PH'),
    billingZip: z.string().trim().min(1, messages.cardBillingZip).max(20),
  })
  .strict();
export type CardBilling = z.input<typeof cardBilling>;

/** The `data` field of POST /checkout (multipart; the bank proof and purchase order travel as files). */
export const placeOrderRequest = z
  .object({
    ...deliveryChoices,
    voucher_code: z.string().trim().max(50).optional(),
    payment_method: z.enum(paymentMethodCodes, { error: messages.selectPaymentMethod }),
    /** Required for Online Payment: one of onlineChannels. */
    payment_channel: z.string().max(30).optional(),
    /** Required for card payments. */
    card_billing: cardBilling.optional(),
  })
  .strict();
export type PlaceOrderRequest = z.input<typeof placeOrderRequest>;

export const voucherCheckRequest = z
  .object({ code: z.string().trim().min(1).max(50), cart_item_ids: cartItemIds })
  .strict();
export type VoucherCheckRequest = z.input<typeof voucherCheckRequest>;

// ---------------------------------------------------------------------------------------------------------
// Responses

export const shippingQuote = z.object({
  available: z.boolean(),
  /** Centavos; null when the method is not available. */
  fee: z.number().int().nullable(),
  /** Why it is not available ('Shipping Error' when a courier quote failed). */
  message: z.string().nullable(),
  /** With 'Shipping Error': why the courier could not quote, and which method to choose instead. */
  reason: z.string().nullable(),
  /** Transportify's vehicle. */
  vehicle: z.string().nullable(),
});
export type ShippingQuote = z.infer<typeof shippingQuote>;

export const shippingQuotesResponse = z.object({
  /** Per method: the sum of every seller's fee, or unavailable when any seller's quote is. */
  methods: z.record(z.enum(shippingTypes), shippingQuote),
  sellers: z.array(
    z.object({
      seller_id: z.number().int(),
      seller_name: z.string(),
      distance_km: z.number(),
      quotes: z.record(z.enum(shippingTypes), shippingQuote),
    }),
  ),
});
export type ShippingQuotesResponse = z.infer<typeof shippingQuotesResponse>;

export const checkoutLine = z.object({
  cart_item_id: z.number().int(),
  product_id: z.number().int(),
  photo: z.string().nullable(),
  /** Naming by depth: "Product", "Product / Variation", "Product / Variation / Sub Variation". */
  name: z.string(),
  item_price: z.number().int(),
  /** What one unit is (the product's selling unit: bag, piece ...). */
  selling_unit: z.string(),
  quantity: z.number().int(),
  item_total_price: z.number().int(),
});
export type CheckoutLine = z.infer<typeof checkoutLine>;

export const checkoutFees = z.object({
  /** Sum of the items. */
  cart_items: z.number().int(),
  shipping: z.number().int(),
  voucher: z.number().int(),
  /** cart_items + shipping. */
  subtotal: z.number().int(),
  /** subtotal - voucher. */
  grand_total: z.number().int(),
});
export type CheckoutFees = z.infer<typeof checkoutFees>;

export const checkoutPreviewResponse = z.object({
  fees: checkoutFees,
  sellers: z.array(
    z.object({
      seller_id: z.number().int(),
      seller_name: z.string(),
      seller_address: z.string(),
      shipping_fee: z.number().int(),
      voucher_discount: z.number().int(),
      items_total: z.number().int(),
      total: z.number().int(),
      cart_items: z.array(checkoutLine),
    }),
  ),
  voucher: z.object({ code: z.string(), description: z.string(), discount: z.number().int() }).nullable(),
  credit: z.object({
    build_credit: z.number().int().nullable(),
    hardware_credit: z.number().int().nullable(),
    yield: z.number().int().nullable(),
  }),
  /** Every method with its availability for this grand total (isPaymentMethodAvailable). */
  payment_methods: z.array(
    z.object({
      code: z.enum(paymentMethodCodes),
      label: z.string(),
      group: z.string(),
      available: z.boolean(),
      /** Why it is not available (paymentMethodUnavailableReason); null when it is. */
      reason: z.string().nullable(),
    }),
  ),
});
export type CheckoutPreviewResponse = z.infer<typeof checkoutPreviewResponse>;

export const voucherSummary = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string(),
  discount_type: z.enum(['fixed', 'percent']),
  /** Centavos for 'fixed'; whole percent for 'percent'. */
  amount: z.number().int(),
  min_spend: z.number().int(),
  valid_until: z.string(),
});
export type VoucherSummary = z.infer<typeof voucherSummary>;

export const suggestedVouchersResponse = z.object({ vouchers: z.array(voucherSummary) });
export type SuggestedVouchersResponse = z.infer<typeof suggestedVouchersResponse>;

export const voucherCheckResponse = z.object({
  /** messages.voucherFound */
  message: z.string(),
  voucher: voucherSummary.extend({ discount: z.number().int() }),
});
export type VoucherCheckResponse = z.infer<typeof voucherCheckResponse>;

export const orderStatuses = [
  'Pending',
  'Verified',
  'For Preparation',
  'For Delivery',
  'Delivered',
  'Received',
  'Denied',
  'Cancelled',
  'Payment Failed',
  'Payment Expired',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** The payment result page (spec 2 §4): what a polled status means. */
export function paymentResultOf(status: OrderStatus): 'success' | 'waiting' | 'cancelled' {
  if (status === 'Pending') return 'waiting';
  if (status === 'Cancelled' || status === 'Payment Failed' || status === 'Payment Expired' || status === 'Denied') {
    return 'cancelled';
  }
  return 'success';
}

export const placedOrder = z.object({
  reference: z.string(),
  status: z.enum(orderStatuses),
  seller: z.object({ id: z.number().int(), name: z.string(), address: z.string() }),
  items_total: z.number().int(),
  shipping_fee: z.number().int(),
  voucher_discount: z.number().int(),
  total: z.number().int(),
  total_qty: z.number().int(),
  shipping_type: z.enum(shippingTypes),
  /** The courier's tracking share link (Lalamove). */
  share_link: z.string().nullable(),
});
export type PlacedOrder = z.infer<typeof placedOrder>;

export const checkoutResult = z.object({
  checkout_id: z.number().int(),
  orders: z.array(placedOrder),
  fees: checkoutFees,
  payment: z.object({
    method: z.enum(paymentMethodCodes),
    channel: z.string().nullable(),
    /** pending (bank, COD, over the counter, gateway not yet paid) or paid (credit lines). */
    status: z.enum(['pending', 'paid', 'failed', 'cancelled', 'expired']),
    /** Gateway methods: the hosted payment page to open in a new tab. */
    payment_url: z.string().nullable(),
    /** Bank transfer payee details or over-the-counter steps (SHOW INSTRUCTION), as plain text lines. */
    instructions: z.array(z.string()),
  }),
});
export type CheckoutResult = z.infer<typeof checkoutResult>;

export const orderStatusResponse = z.object({ reference: z.string(), status: z.enum(orderStatuses) });
export type OrderStatusResponse = z.infer<typeof orderStatusResponse>;

/** Idempotency-Key header of POST /checkout: 8 to 200 visible characters (the web sends a UUID). */
export const idempotencyKey = z.string().regex(/^[\x21-\x7e]{8,200}$/);

/** 'ORD' followed by 14 digits. */
export const orderReference = z.string().regex(/^ORD\d{14}$/);
