import { createHmac, randomInt } from 'node:crypto';
import { courierMarkupPercent, messages } from '@tibay/contract';
import {
  type BookInput,
  type Booking,
  BookingFailed,
  type Courier,
  courierRequestFailed,
  pesosToCentavos,
  type Quote,
  type QuoteInput,
  QuoteUnavailable,
  withMarkup,
} from './types.ts';

/**
 * Lalamove (API v3). The fee is the quotation's price breakdown total raised by 20% (spec 2 §4 and §9: "the
 * other courier quote, taken from its price breakdown total, is also increased by 20%"). The vehicle (service
 * type) is the smallest that carries the weight; heavier loads cannot be quoted.
 */
export const lalamoveServiceTypes = [
  { serviceType: 'MOTORCYCLE', maxKg: 20, base: 4_900, perKm: 600 },
  { serviceType: 'MPV', maxKg: 200, base: 11_500, perKm: 1_800 },
  { serviceType: 'VAN', maxKg: 600, base: 25_000, perKm: 2_500 },
  { serviceType: 'TRUCK550', maxKg: 2_000, base: 150_000, perKm: 4_500 },
] as const;

/** The largest load Lalamove carries (its biggest vehicle), in kg. */
export const lalamoveMaxKg = Math.max(...lalamoveServiceTypes.map((row) => row.maxKg));

const kilograms = new Intl.NumberFormat('en-PH', { maximumFractionDigits: 1 });

function serviceTypeFor(weightKg: number) {
  const service = lalamoveServiceTypes.find((row) => weightKg <= row.maxKg);
  if (!service) {
    const reason = messages.lalamoveTooHeavy
      .replace('{weight}', kilograms.format(weightKg))
      .replace('{max}', kilograms.format(lalamoveMaxKg));
    throw new QuoteUnavailable(`too heavy for Lalamove: ${weightKg} kg`, true, reason);
  }
  return service;
}

/** Lalamove names a stop it does not serve with ERR_OUT_OF_SERVICE_AREA (HTTP 422). */
function quoteRefusalReason(json: LalamoveErrors | null): string {
  const outOfArea = (json?.errors ?? []).some((error) => /OUT_OF_SERVICE_AREA/i.test(String(error.id ?? '')));
  return (outOfArea ? messages.courierOutOfServiceArea : messages.courierCannotQuote).replace('{courier}', 'Lalamove');
}

function digits(n: number): string {
  let out = String(randomInt(1, 10));
  while (out.length < n) out += String(randomInt(0, 10));
  return out;
}

/**
 * Phone numbers go to Lalamove in E.164: a Philippine number written 09171234567, 9171234567, 639171234567 or
 * +63 917 123 4567 becomes +639171234567; any other number already in + form keeps its digits.
 */
export function toE164(phone: string, countryCode = '63'): string {
  const trimmed = phone.trim();
  const digitsOnly = trimmed.replace(/\D/g, '');
  if (!digitsOnly) throw new BookingFailed('no phone number');
  if (trimmed.startsWith('+')) return `+${digitsOnly}`;
  if (digitsOnly.startsWith('00')) return `+${digitsOnly.slice(2)}`;
  if (digitsOnly.startsWith(countryCode)) return `+${digitsOnly}`;
  if (digitsOnly.startsWith('0')) return `+${countryCode}${digitsOnly.slice(1)}`;
  return `+${countryCode}${digitsOnly}`;
}

/** The sandbox booking page's path for a sandbox Lalamove order id. */
export const sandboxCourierPath = (orderId: string) => `/sandbox-courier/${orderId}`;

/**
 * Offline Lalamove: the same shape of answer (quotation id, stop ids, price breakdown) priced from distance and
 * weight; bookings are made offline, and their share link is the API's own sandbox courier page.
 */
export function sandboxLalamove(publicUrl = 'http://localhost:3000'): Courier {
  return {
    type: 'lalamove',
    company: 'Lalamove',
    async book(input: BookInput): Promise<Booking> {
      if (!input.quotationId || !input.senderStopId || !input.recipientStopId) {
        throw new BookingFailed('no quotation to book');
      }
      toE164(input.sender.phone);
      toE164(input.recipient.phone);
      const orderId = digits(19);
      return { orderId, shareLink: `${publicUrl.replace(/\/+$/, '')}${sandboxCourierPath(orderId)}`, requoted: null };
    },
    async quote(input: QuoteInput): Promise<Quote> {
      const service = serviceTypeFor(input.weightKg);
      const total = service.base + Math.ceil(input.distanceKm) * service.perKm;
      return {
        fee: withMarkup(total, courierMarkupPercent),
        details: {
          provider: 'sandbox',
          service_type: service.serviceType,
          quotation_id: digits(19),
          seller_stop_id: digits(19),
          customer_stop_id: digits(19),
          price_breakdown_total: total,
        },
      };
    },
  };
}

export interface LalamoveOptions {
  apiUrl: string;
  apiKey: string;
  apiSecret: string;
  market: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/** The request signature of API v3: HMAC-SHA256 (hex) of `${timestamp}\r\n${method}\r\n${path}\r\n\r\n${body}`. */
export function lalamoveSignature(secret: string, timestamp: string, method: string, path: string, body: string) {
  return createHmac('sha256', secret).update(`${timestamp}\r\n${method}\r\n${path}\r\n\r\n${body}`).digest('hex');
}

/** One signed API v3 request (the quotation and the booking share it). Network errors and timeouts are thrown. */
async function signedPost(options: LalamoveOptions, path: string, body: string): Promise<Response> {
  const timestamp = String(Date.now());
  const signature = lalamoveSignature(options.apiSecret, timestamp, 'POST', path, body);
  return (options.fetch ?? fetch)(new URL(path, options.apiUrl), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      authorization: `hmac ${options.apiKey}:${timestamp}:${signature}`,
      market: options.market,
      'request-id': `${timestamp}-${digits(6)}`,
    },
    body,
    signal: AbortSignal.timeout(options.timeoutMs),
  });
}

interface LalamoveOrder {
  data?: { orderId?: string; shareLink?: string };
}

interface LalamoveErrors {
  errors?: { id?: string; message?: string }[];
}

/** Lalamove refuses a booking whose quotation has passed its validity with 422 and an ERR_QUOTATION_EXPIRED error. */
function isExpiredQuotation(status: number, json: LalamoveErrors | null): boolean {
  return status === 422 && (json?.errors ?? []).some((error) => /QUOTATION_EXPIRED/i.test(String(error.id ?? '')));
}

interface LalamoveQuotation {
  data?: {
    quotationId?: string;
    priceBreakdown?: { total?: string | number; currency?: string };
    stops?: { stopId?: string }[];
  };
}

/** The real Lalamove API v3: POST /v3/quotations with the seller and the buyer as the two stops. */
export function lalamoveApi(options: LalamoveOptions): Courier {
  /** POST /v3/orders for one quotation: the booking, or 'expired', or BookingFailed. */
  async function placeOrder(input: BookInput, quotation: Quotation): Promise<Booking | 'expired'> {
    const path = '/v3/orders';
    const body = JSON.stringify({
      data: {
        quotationId: quotation.quotationId,
        sender: { stopId: quotation.senderStopId, name: input.sender.name, phone: toE164(input.sender.phone) },
        recipients: [
          {
            stopId: quotation.recipientStopId,
            name: input.recipient.name,
            phone: toE164(input.recipient.phone),
            remarks: input.recipient.remarks,
          },
        ],
        isPODEnabled: true,
        metadata: input.metadata,
      },
    });
    let response: Response;
    try {
      response = await signedPost(options, path, body);
    } catch (error) {
      throw new BookingFailed(`Lalamove unreachable: ${(error as Error).message}`);
    }
    const json = (await response.json().catch(() => null)) as (LalamoveOrder & LalamoveErrors) | null;
    if (isExpiredQuotation(response.status, json)) return 'expired';
    if (!response.ok) {
      const ids = (json?.errors ?? []).map((error) => error.id).join(', ');
      throw new BookingFailed(`Lalamove answered ${response.status}${ids ? ` (${ids})` : ''}`);
    }
    const orderId = json?.data?.orderId;
    const shareLink = json?.data?.shareLink;
    if (!orderId || !shareLink) throw new BookingFailed('Lalamove order without id or share link');
    return { orderId: String(orderId), shareLink: String(shareLink), requoted: null };
  }

  const courier: Courier = {
    type: 'lalamove',
    company: 'Lalamove',
    /** POST /v3/orders with the quotation's stops; an expired quotation is quoted again once and booked. */
    async book(input: BookInput): Promise<Booking> {
      const first = await placeOrder(input, input);
      if (first !== 'expired') return first;
      if (!input.requote) throw new BookingFailed('Lalamove quotation expired');
      let quote: Quote;
      try {
        quote = await courier.quote(await input.requote());
      } catch (error) {
        throw new BookingFailed(`Lalamove re-quote failed: ${(error as Error).message}`);
      }
      const again = await placeOrder(input, {
        quotationId: String(quote.details.quotation_id ?? ''),
        senderStopId: String(quote.details.seller_stop_id ?? ''),
        recipientStopId: String(quote.details.customer_stop_id ?? ''),
      });
      if (again === 'expired') throw new BookingFailed('Lalamove quotation expired again');
      return { ...again, requoted: quote.details };
    },
    async quote(input: QuoteInput): Promise<Quote> {
      const service = serviceTypeFor(input.weightKg);
      const path = '/v3/quotations';
      const body = JSON.stringify({
        data: {
          serviceType: service.serviceType,
          language: 'en_PH',
          stops: [
            {
              coordinates: { lat: String(input.seller.latitude), lng: String(input.seller.longitude) },
              address: input.seller.address,
            },
            {
              coordinates: { lat: String(input.destination.latitude), lng: String(input.destination.longitude) },
              address: input.destination.address,
            },
          ],
          item: {
            quantity: String(input.items.reduce((n, item) => n + item.quantity, 0)),
            weight: weightBand(input.weightKg),
          },
        },
      });
      let response: Response;
      try {
        response = await signedPost(options, path, body);
      } catch (error) {
        throw courierRequestFailed('Lalamove', error);
      }
      if (!response.ok) {
        const errors = (await response.json().catch(() => null)) as LalamoveErrors | null;
        throw new QuoteUnavailable(`Lalamove answered ${response.status}`, true, quoteRefusalReason(errors));
      }
      const json = (await response.json().catch(() => null)) as LalamoveQuotation | null;
      const data = json?.data;
      const stops = data?.stops ?? [];
      if (!data?.quotationId || !data.priceBreakdown || stops.length < 2) {
        throw new QuoteUnavailable('Lalamove quotation without id, price or stops');
      }
      const total = pesosToCentavos(data.priceBreakdown.total);
      return {
        fee: withMarkup(total, courierMarkupPercent),
        details: {
          provider: 'lalamove',
          service_type: service.serviceType,
          quotation_id: data.quotationId,
          seller_stop_id: stops[0]?.stopId ?? null,
          customer_stop_id: stops[1]?.stopId ?? null,
          price_breakdown_total: total,
        },
      };
    },
  };
  return courier;
}

type Quotation = Pick<BookInput, 'quotationId' | 'senderStopId' | 'recipientStopId'>;

/** Lalamove's item weight bands. */
function weightBand(kg: number): string {
  if (kg < 10) return 'LESS_THAN_10_KG';
  if (kg <= 50) return '10_KG_TO_50_KG';
  if (kg <= 100) return '50_KG_TO_100_KG';
  return 'MORE_THAN_100_KG';
}
