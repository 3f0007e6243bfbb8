import { messages, type ShippingType } from '@tibay/contract';
import { haversineKm, roundKm } from './geo.ts';

/** What a courier needs to price one seller's share of a checkout. */
export interface QuoteInput {
  seller: {
    id: number;
    name: string;
    address: string;
    latitude: number;
    longitude: number;
    shippingComputation: string;
    smallItemFeeFixed: number;
    bigItemFeeFixed: number;
    smallItemFeePerKm: number;
    bigItemFeePerKm: number;
  };
  destination: { latitude: number; longitude: number; address: string };
  /** Great-circle distance from the seller to the pin. */
  distanceKm: number;
  weightKg: number;
  /** The seller's items total, in centavos. */
  subtotal: number;
  /** The whole checkout's items total (Transportify picks its vehicle by it), in centavos. */
  cartSubtotal: number;
  items: { productId: number; quantity: number; weightGrams: number; isBigItem: boolean }[];
}

/** A seller with its shipping rates, as the checkout and booking queries read it (money as numbers). */
export interface SellerRatesRow {
  seller_id: number;
  seller_name: string;
  seller_address: string;
  latitude: number;
  longitude: number;
  shipping_computation: string;
  small_item_fee_fixed: number;
  big_item_fee_fixed: number;
  small_item_fee_per_km: number;
  big_item_fee_per_km: number;
}

/** The quote input for one seller's share: its distance to the pin and the items' total weight follow from them. */
export function quoteInputFor(
  seller: SellerRatesRow,
  destination: QuoteInput['destination'],
  items: QuoteInput['items'],
  subtotal: number,
  cartSubtotal: number,
): QuoteInput {
  const grams = items.reduce((sum, item) => sum + item.weightGrams * item.quantity, 0);
  return {
    seller: {
      id: seller.seller_id,
      name: seller.seller_name,
      address: seller.seller_address,
      latitude: seller.latitude,
      longitude: seller.longitude,
      shippingComputation: seller.shipping_computation,
      smallItemFeeFixed: seller.small_item_fee_fixed,
      bigItemFeeFixed: seller.big_item_fee_fixed,
      smallItemFeePerKm: seller.small_item_fee_per_km,
      bigItemFeePerKm: seller.big_item_fee_per_km,
    },
    destination,
    distanceKm: roundKm(haversineKm(seller, destination)),
    weightKg: Math.round(grams) / 1000,
    subtotal,
    cartSubtotal,
    items,
  };
}

/** A courier's price for one seller's share: fee in centavos, plus what the order keeps (quotation, stops, vehicle). */
export interface Quote {
  fee: number;
  details: Record<string, unknown>;
}

/**
 * A quote that cannot be given: shown as 'Shipping Error' (failures) or the method is simply not offered. The
 * message is for the log; `reason` is what the buyer reads under 'Shipping Error' (what went wrong, what to do).
 */
export class QuoteUnavailable extends Error {
  constructor(
    message: string,
    /** True when an outside courier failed or timed out (the buyer sees 'Shipping Error'). */
    readonly upstream = true,
    /** For the buyer: why, and which method to choose instead (messages.lalamoveTooHeavy ...). */
    readonly reason: string | null = null,
  ) {
    super(message);
  }
}

/** A courier request that threw before any answer: a timeout, or the courier could not be reached. */
export function courierRequestFailed(courier: string, error: unknown): QuoteUnavailable {
  const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
  const reason = (timedOut ? messages.courierTimedOut : messages.courierCannotQuote).replace('{courier}', courier);
  return new QuoteUnavailable(`${courier} unreachable: ${(error as Error)?.message}`, true, reason);
}

/** What a courier needs to book a delivery from a quotation (Lalamove: POST /v3/orders). */
export interface BookInput {
  quotationId: string;
  senderStopId: string;
  recipientStopId: string;
  sender: { name: string; phone: string };
  recipient: { name: string; phone: string; remarks: string };
  /** Our own references, sent along with the booking (string values). */
  metadata: Record<string, string>;
  /** The quote input again, for one re-quote when the quotation has expired. */
  requote?: () => Promise<QuoteInput>;
}

/** A booked delivery: the courier's order id and the link the buyer follows the driver with. */
export interface Booking {
  orderId: string;
  shareLink: string;
  /** The new quote's details when the quotation had expired and was quoted again. */
  requoted: Record<string, unknown> | null;
}

/** A booking that could not be made (refused, unreachable, timed out, unreadable answer). */
export class BookingFailed extends Error {}

export interface Courier {
  readonly type: ShippingType;
  /** The logistics company recorded on the order. */
  readonly company: string;
  quote(input: QuoteInput): Promise<Quote>;
  /** Books the delivery of a quoted order (couriers that book through an API: Lalamove). */
  book?(input: BookInput): Promise<Booking>;
}

/** Raises a courier's quoted amount by the spec's markup (20%), rounded to the centavo. */
export function withMarkup(centavos: number, percent: number): number {
  return Math.round((centavos * (100 + percent)) / 100);
}

/** A decimal peso string or number ("108.50") to integer centavos. */
export function pesosToCentavos(value: unknown): number {
  const text = typeof value === 'number' ? value.toFixed(2) : String(value ?? '').trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text)) throw new QuoteUnavailable(`unreadable amount ${text}`);
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
