import {
  addToCartRequest,
  addToCartResponse,
  cartCountResponse,
  cartInstructionsRequest,
  cartInstructionsResponse,
  cartResponse,
  changeCartQuantityRequest,
  changeCartQuantityResponse,
  checkoutPreviewRequest,
  checkoutPreviewResponse,
  checkoutResult,
  markCartItemsRequest,
  orderAgainResponse,
  orderDetail,
  orderHistoryQuery,
  orderHistoryResponse,
  orderStatusResponse,
  removeCartItemsRequest,
  removeCartItemsResponse,
  reviewRequest,
  reviewResponse,
  shippingQuotesRequest,
  shippingQuotesResponse,
  suggestedVouchersResponse,
  trackOrderRequest,
  trackOrderResponse,
  voucherCheckRequest,
  voucherCheckResponse,
} from '@tibay/contract';
import { defineEndpoint, multipart } from '../endpoint.ts';

/** The buyer's cart, checkout and orders. */
export const cart = {
  get: defineEndpoint({ method: 'GET', path: '/cart', response: cartResponse }),
  count: defineEndpoint({ method: 'GET', path: '/cart/count', response: cartCountResponse }),
  /** "add to cart v3"; the Idempotency-Key header makes a repeated add count once. */
  add: defineEndpoint({ method: 'POST', path: '/cart/items', body: addToCartRequest, response: addToCartResponse }),
  mark: defineEndpoint({ method: 'POST', path: '/cart/marks', body: markCartItemsRequest, response: cartResponse }),
  saveInstructions: defineEndpoint({
    method: 'PUT',
    path: '/cart/instructions',
    body: cartInstructionsRequest,
    response: cartInstructionsResponse,
  }),
  changeQuantity: defineEndpoint({
    method: 'PATCH',
    path: '/cart/items/:id',
    body: changeCartQuantityRequest,
    response: changeCartQuantityResponse,
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: '/cart/items/remove',
    body: removeCartItemsRequest,
    response: removeCartItemsResponse,
  }),
};

export const checkout = {
  shippingQuotes: defineEndpoint({
    method: 'POST',
    path: '/checkout/shipping-quotes',
    body: shippingQuotesRequest,
    response: shippingQuotesResponse,
  }),
  preview: defineEndpoint({
    method: 'POST',
    path: '/checkout/preview',
    body: checkoutPreviewRequest,
    response: checkoutPreviewResponse,
  }),
  /** "checkout v3": multipart with the order as `data` (placeOrderRequest) and the optional images. */
  place: defineEndpoint({ method: 'POST', path: '/checkout', body: multipart, response: checkoutResult }),
  byReference: defineEndpoint({ method: 'GET', path: '/checkouts/by-reference/:reference', response: checkoutResult }),
  suggestedVouchers: defineEndpoint({
    method: 'GET',
    path: '/vouchers/suggested',
    response: suggestedVouchersResponse,
  }),
  checkVoucher: defineEndpoint({
    method: 'POST',
    path: '/vouchers/check',
    body: voucherCheckRequest,
    response: voucherCheckResponse,
  }),
};

export const orders = {
  history: defineEndpoint({ method: 'GET', path: '/orders', query: orderHistoryQuery, response: orderHistoryResponse }),
  detail: defineEndpoint({ method: 'GET', path: '/orders/:reference', response: orderDetail }),
  status: defineEndpoint({ method: 'GET', path: '/orders/:reference/status', response: orderStatusResponse }),
  orderAgain: defineEndpoint({ method: 'POST', path: '/orders/:reference/order-again', response: orderAgainResponse }),
  review: defineEndpoint({ method: 'POST', path: '/reviews', body: reviewRequest, response: reviewResponse }),
  track: defineEndpoint({
    method: 'POST',
    path: '/track-order',
    body: trackOrderRequest,
    response: trackOrderResponse,
  }),
};
