import { courierMarkupPercent, messages, transportifyBigVehicleThreshold, transportifyVehicles } from '@tibay/contract';
import {
  type Courier,
  courierRequestFailed,
  pesosToCentavos,
  type Quote,
  type QuoteInput,
  QuoteUnavailable,
  withMarkup,
} from './types.ts';

/**
 * Transportify (the Deliveree API). The vehicle follows spec 2 §4: Regular 10w when the checkout's subtotal is
 * above ₱100,000, otherwise the 2000kg vehicle. The fee is the quote's total fees plus 20%.
 */
export function transportifyVehicle(cartSubtotal: number): string {
  return cartSubtotal > transportifyBigVehicleThreshold ? transportifyVehicles.big : transportifyVehicles.small;
}

/** Offline rates per vehicle (centavos): a base fare and a rate for every started kilometre. */
export const transportifySandboxRates: Record<string, { base: number; perKm: number }> = {
  [transportifyVehicles.small]: { base: 120_000, perKm: 3_500 },
  [transportifyVehicles.big]: { base: 800_000, perKm: 9_000 },
};

export function sandboxTransportify(): Courier {
  return {
    type: 'transportify',
    company: 'Transportify',
    async quote(input: QuoteInput): Promise<Quote> {
      const vehicle = transportifyVehicle(input.cartSubtotal);
      const rate = transportifySandboxRates[vehicle]!;
      const totalFees = rate.base + Math.ceil(input.distanceKm) * rate.perKm;
      return {
        fee: withMarkup(totalFees, courierMarkupPercent),
        details: { provider: 'sandbox', vehicle, total_fees: totalFees },
      };
    },
  };
}

export interface DelivereeOptions {
  apiUrl: string;
  apiKey: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

interface DelivereeQuote {
  data?: { vehicle_type_id?: number; vehicle_type_name?: string; total_fees?: number | string; currency?: string }[];
}

/**
 * The real Deliveree API: POST /public_api/v1/deliveries/get_quote (API key in the Authorization header)
 * with the seller and the pin as locations; it answers one quote per vehicle type and we take the vehicle
 * the spec's rule picks (matched by name).
 */
export function delivereeApi(options: DelivereeOptions): Courier {
  const doFetch = options.fetch ?? fetch;
  return {
    type: 'transportify',
    company: 'Transportify',
    async quote(input: QuoteInput): Promise<Quote> {
      const vehicle = transportifyVehicle(input.cartSubtotal);
      const body = JSON.stringify({
        time_type: 'now',
        locations: [
          { address: input.seller.address, latitude: input.seller.latitude, longitude: input.seller.longitude },
          {
            address: input.destination.address,
            latitude: input.destination.latitude,
            longitude: input.destination.longitude,
          },
        ],
      });
      let response: Response;
      try {
        response = await doFetch(new URL('/public_api/v1/deliveries/get_quote', options.apiUrl), {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            authorization: options.apiKey,
            'accept-language': 'en',
          },
          body,
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        throw courierRequestFailed('Transportify', error);
      }
      if (!response.ok) {
        const reason = messages.courierCannotQuote.replace('{courier}', 'Transportify');
        throw new QuoteUnavailable(`Deliveree answered ${response.status}`, true, reason);
      }
      const json = (await response.json().catch(() => null)) as DelivereeQuote | null;
      const wanted = vehicle.toLowerCase();
      const match = json?.data?.find((row) => String(row.vehicle_type_name ?? '').toLowerCase() === wanted);
      if (!match || match.total_fees === undefined) {
        const reason = messages.transportifyNoVehicle.replace('{vehicle}', vehicle);
        throw new QuoteUnavailable(`Deliveree has no ${vehicle} quote`, true, reason);
      }
      const totalFees = pesosToCentavos(match.total_fees);
      return {
        fee: withMarkup(totalFees, courierMarkupPercent),
        details: {
          provider: 'deliveree',
          vehicle,
          vehicle_type_id: match.vehicle_type_id ?? null,
          total_fees: totalFees,
        },
      };
    },
  };
}
