import type { CheckoutPreviewRequest, PaymentMethodCode, PlacedOrder, ShippingType } from '@tibay/contract';
import { newRequestKey } from '../../lib/request-key.ts';

/**
 * What the checkout pages keep in the browser between steps (spec 2 §4 "Checkout flow"): the delivery step's
 * choices for the payment step, the payment attempt's idempotency key, the active gateway reference, and the
 * locally stored order summaries the order complete page reads. (The marked lines and the order instructions are
 * stored with the cart on the server.)
 */
const keys = {
  /** The delivery step's choices (JSON DeliveryChoices). */
  choices: 'checkoutChoices',
  /** The current payment attempt: its Idempotency-Key and what it was for (JSON PaymentAttempt). */
  attempt: 'checkoutAttempt',
  /** The reference of an order waiting for a gateway payment (spec 2 §4: checked every 5 s on /checkout). */
  reference: 'checkoutReference',
} as const;

function readJson<T>(storage: Storage, key: string): T | null {
  try {
    const raw = storage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

/** The delivery step's choices: the preview's request without the voucher (chosen on the payment step). */
export type DeliveryChoices = Omit<CheckoutPreviewRequest, 'voucher_code'>;

export function saveChoices(choices: DeliveryChoices) {
  sessionStorage.setItem(keys.choices, JSON.stringify(choices));
}

export function readChoices(): DeliveryChoices | null {
  const value = readJson<DeliveryChoices>(sessionStorage, keys.choices);
  if (!value || !Array.isArray(value.cart_item_ids) || value.cart_item_ids.length === 0) return null;
  if (typeof value.address !== 'string' || typeof value.shipping_type !== 'string') return null;
  if (typeof value.schedule_date !== 'string') return null;
  return value;
}

interface PaymentAttempt {
  key: string;
  /** What the key was made for: a retry of the same order reuses it; anything changed starts a new attempt. */
  fingerprint: string;
}

/**
 * The Idempotency-Key for an order: the same key while the same order is retried (a lost answer never charges
 * twice), a fresh one when anything about the order changed. Kept until the order succeeds.
 */
export function idempotencyKeyFor(fingerprint: string): string {
  const current = readJson<PaymentAttempt>(sessionStorage, keys.attempt);
  if (current && current.fingerprint === fingerprint && typeof current.key === 'string') return current.key;
  const attempt: PaymentAttempt = { key: newRequestKey(), fingerprint };
  sessionStorage.setItem(keys.attempt, JSON.stringify(attempt));
  return attempt.key;
}

/** After a placed order: the cart lines are gone, so the next checkout starts afresh. */
export function finishCheckout() {
  sessionStorage.removeItem(keys.attempt);
  sessionStorage.removeItem(keys.choices);
}

export interface ActiveReference {
  reference: string;
  /** The key of the order's stored summary (for /confirmpayment?key=). */
  summaryKey: string;
}

export function setActiveReference(active: ActiveReference | null) {
  if (active) sessionStorage.setItem(keys.reference, JSON.stringify(active));
  else sessionStorage.removeItem(keys.reference);
}

export function readActiveReference(): ActiveReference | null {
  const value = readJson<ActiveReference>(sessionStorage, keys.reference);
  return value && typeof value.reference === 'string' && typeof value.summaryKey === 'string' ? value : null;
}

// ---------------------------------------------------------------------------------------------------------
// The order summary for the order complete page (spec 2 "Order summary stored locally"), under a key named
// by a timestamp.

export interface StoredOrder {
  ref: string;
  subTotal: number;
  shipping: number;
  voucher: number;
  total: number;
  seller: { name: string; address: string };
  shippingType: ShippingType;
  shareLink: string | null;
}

export interface StoredOrderSummary extends StoredOrder {
  payMethod: PaymentMethodCode;
  /** Every seller's order of this checkout (one per seller); the top-level fields are the first one's. */
  orders: StoredOrder[];
  /** The whole checkout's amounts. */
  fees: { items: number; shipping: number; voucher: number; subTotal: number; total: number };
  instructions: string[];
}

function toStored(order: PlacedOrder): StoredOrder {
  return {
    ref: order.reference,
    subTotal: order.items_total,
    shipping: order.shipping_fee,
    voucher: order.voucher_discount,
    total: order.total,
    seller: { name: order.seller.name, address: order.seller.address },
    shippingType: order.shipping_type,
    shareLink: order.share_link,
  };
}

/** Stores the placed orders' summary and answers its key (a timestamp). */
export function storeOrderSummary(
  orders: PlacedOrder[],
  payMethod: PaymentMethodCode,
  fees: { cart_items: number; shipping: number; voucher: number; subtotal: number; grand_total: number },
  instructions: string[],
): string {
  const stored = orders.map(toStored);
  const first = stored[0];
  if (!first) throw new Error('No order was placed.');
  let key = String(Date.now());
  while (localStorage.getItem(key) !== null) key = String(Number(key) + 1);
  const summary: StoredOrderSummary = {
    ...first,
    payMethod,
    orders: stored,
    fees: {
      items: fees.cart_items,
      shipping: fees.shipping,
      voucher: fees.voucher,
      subTotal: fees.subtotal,
      total: fees.grand_total,
    },
    instructions,
  };
  localStorage.setItem(key, JSON.stringify(summary));
  return key;
}

/** The stored summary named by key, or null when the key or the entry is missing or unreadable. */
export function readOrderSummary(key: string | null): StoredOrderSummary | null {
  if (!key || !/^\d{10,16}$/.test(key)) return null;
  const value = readJson<StoredOrderSummary>(localStorage, key);
  if (!value || typeof value !== 'object' || typeof value.ref !== 'string') return null;
  if (typeof value.total !== 'number' || !value.seller || typeof value.seller.name !== 'string') return null;
  const orders = Array.isArray(value.orders) && value.orders.length > 0 ? value.orders : [value];
  return {
    ...value,
    orders,
    instructions: Array.isArray(value.instructions) ? value.instructions : [],
    fees: value.fees ?? {
      items: value.subTotal,
      shipping: value.shipping,
      voucher: value.voucher,
      subTotal: value.subTotal + value.shipping,
      total: value.total,
    },
  };
}
