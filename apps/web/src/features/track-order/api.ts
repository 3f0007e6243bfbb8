import type { TrackOrderRequest } from '@tibay/contract';
import { call } from '../../lib/endpoint.ts';
import { endpoints } from '../../lib/endpoints/index.ts';

/** POST /track-order: an order by its reference and the buyer's email, no login needed. */
export function trackOrder(body: TrackOrderRequest) {
  return call(endpoints.orders.track, { body, token: null });
}
