import type {
  checkoutPreviewRequest,
  checkoutPreviewResponse,
  checkoutResult,
  shippingQuotesRequest,
  shippingQuotesResponse,
  suggestedVouchersResponse,
  voucherCheckRequest,
  voucherCheckResponse,
} from '@tibay/contract';
import { defineEndpoint, multipart, schema } from '../endpoint.ts';

export const shippingQuotes = defineEndpoint({
  method: 'POST',
  path: '/checkout/shipping-quotes',
  body: schema<typeof shippingQuotesRequest>(),
  response: schema<typeof shippingQuotesResponse>(),
});
export const preview = defineEndpoint({
  method: 'POST',
  path: '/checkout/preview',
  body: schema<typeof checkoutPreviewRequest>(),
  response: schema<typeof checkoutPreviewResponse>(),
});
/** "checkout v3": multipart with the order as `data` (placeOrderRequest) and the optional images. */
export const place = defineEndpoint({
  method: 'POST',
  path: '/checkout',
  body: multipart,
  response: schema<typeof checkoutResult>(),
});
export const byReference = defineEndpoint({
  method: 'GET',
  path: '/checkouts/by-reference/:reference',
  response: schema<typeof checkoutResult>(),
});
export const suggestedVouchers = defineEndpoint({
  method: 'GET',
  path: '/vouchers/suggested',
  response: schema<typeof suggestedVouchersResponse>(),
});
export const checkVoucher = defineEndpoint({
  method: 'POST',
  path: '/vouchers/check',
  body: schema<typeof voucherCheckRequest>(),
  response: schema<typeof voucherCheckResponse>(),
});
