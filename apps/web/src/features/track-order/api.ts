import type { TrackOrderRequest } from '@tibay/contract';
import { call } from '../../lib/endpoint.ts';
import * as ordersEndpoints from '../../lib/endpoints/orders.ts';

/** POST /track-order: an order by its reference and the buyer's email, no login needed. */
export function trackOrder(body: TrackOrderRequest) {
  return call(ordersEndpoints.track, { body, token: null });
}
