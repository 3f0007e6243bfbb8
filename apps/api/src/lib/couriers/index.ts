import type { ShippingType } from '@tibay/contract';
import type { Config } from '../../config.ts';
import { delivereeApi, sandboxTransportify } from './deliveree.ts';
import { lalamoveApi, sandboxLalamove } from './lalamove.ts';
import { hardwareCourier, pickupCourier, standardCourier } from './platform.ts';
import type { Courier } from './types.ts';

export { transportifyVehicle } from './deliveree.ts';
export { haversineKm, roundKm } from './geo.ts';
export { toE164 } from './lalamove.ts';
export {
  type BookInput,
  type Booking,
  BookingFailed,
  type Courier,
  type Quote,
  type QuoteInput,
  QuoteUnavailable,
  quoteInputFor,
  type SellerRatesRow,
} from './types.ts';

export type Couriers = Record<ShippingType, Courier>;

/** One courier per shipping method: the sandboxes by default, the real Lalamove and Deliveree APIs by configuration. */
export function createCouriers(config: Config, fetchImpl?: typeof fetch): Couriers {
  const lalamove =
    config.COURIER_LALAMOVE === 'lalamove'
      ? lalamoveApi({
          apiUrl: config.LALAMOVE_API_URL,
          apiKey: config.LALAMOVE_API_KEY!,
          apiSecret: config.LALAMOVE_API_SECRET!,
          market: config.LALAMOVE_MARKET,
          timeoutMs: config.COURIER_TIMEOUT_MS,
          fetch: fetchImpl,
        })
      : sandboxLalamove(config.publicUrl);
  const transportify =
    config.COURIER_TRANSPORTIFY === 'deliveree'
      ? delivereeApi({
          apiUrl: config.DELIVEREE_API_URL,
          apiKey: config.DELIVEREE_API_KEY!,
          timeoutMs: config.COURIER_TIMEOUT_MS,
          fetch: fetchImpl,
        })
      : sandboxTransportify();
  return { standard: standardCourier, transportify, lalamove, hardware: hardwareCourier, pickup: pickupCourier };
}
