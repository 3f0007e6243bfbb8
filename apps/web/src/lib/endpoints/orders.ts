import type {
  orderAgainResponse,
  orderDetail,
  orderHistoryQuery,
  orderHistoryResponse,
  orderStatusResponse,
  reviewRequest,
  reviewResponse,
  trackOrderRequest,
  trackOrderResponse,
} from '@tibay/contract';
import { defineEndpoint, schema } from '../endpoint.ts';

export const history = defineEndpoint({
  method: 'GET',
  path: '/orders',
  query: schema<typeof orderHistoryQuery>(),
  response: schema<typeof orderHistoryResponse>(),
});
export const detail = defineEndpoint({
  method: 'GET',
  path: '/orders/:reference',
  response: schema<typeof orderDetail>(),
});
export const status = defineEndpoint({
  method: 'GET',
  path: '/orders/:reference/status',
  response: schema<typeof orderStatusResponse>(),
});
export const orderAgain = defineEndpoint({
  method: 'POST',
  path: '/orders/:reference/order-again',
  response: schema<typeof orderAgainResponse>(),
});
export const review = defineEndpoint({
  method: 'POST',
  path: '/reviews',
  body: schema<typeof reviewRequest>(),
  response: schema<typeof reviewResponse>(),
});
export const track = defineEndpoint({
  method: 'POST',
  path: '/track-order',
  body: schema<typeof trackOrderRequest>(),
  response: schema<typeof trackOrderResponse>(),
});
