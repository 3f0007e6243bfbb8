import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CheckoutPreviewRequest, PlaceOrderRequest, ShippingQuotesRequest } from '@tibay/contract';
import { call } from '../../lib/endpoint.ts';
import * as cartEndpoints from '../../lib/endpoints/cart.ts';
import * as checkoutEndpoints from '../../lib/endpoints/checkout.ts';
import * as ordersEndpoints from '../../lib/endpoints/orders.ts';
import { useSession } from '../../lib/session.ts';

export const checkoutKeys = {
  all: ['checkout'] as const,
  cart: (token: string | null) => [...checkoutKeys.all, 'cart', token] as const,
  shippingQuotes: (body: ShippingQuotesRequest | null) => [...checkoutKeys.all, 'shipping-quotes', body] as const,
  preview: (body: CheckoutPreviewRequest | null) => [...checkoutKeys.all, 'preview', body] as const,
  suggestedVouchers: ['vouchers', 'suggested'] as const,
  orderStatus: (reference: string) => ['order-status', reference] as const,
  byReference: (reference: string) => ['checkout-by-reference', reference] as const,
};

/**
 * GET /cart for the checkout: the lines marked in the cart and the order instructions are stored with the cart,
 * so a checkout opened in a new tab or on another device reads the same.
 */
export function useCheckoutCart() {
  const { token } = useSession();
  return useQuery({
    queryKey: checkoutKeys.cart(token),
    queryFn: ({ signal }) => call(cartEndpoints.get, { signal }),
    enabled: Boolean(token),
    retry: false,
  });
}

/** POST /checkout/shipping-quotes: every method's fee for these lines and this address. */
export function useShippingQuotes(body: ShippingQuotesRequest | null) {
  return useQuery({
    queryKey: checkoutKeys.shippingQuotes(body),
    queryFn: ({ signal }) => call(checkoutEndpoints.shippingQuotes, { body: body!, signal }),
    enabled: body !== null,
    retry: false,
    staleTime: 60_000,
  });
}

/** POST /checkout/preview: the server's lines, fees per seller, credit balances and payment methods. */
export function useCheckoutPreview(body: CheckoutPreviewRequest | null) {
  return useQuery({
    queryKey: checkoutKeys.preview(body),
    queryFn: ({ signal }) => call(checkoutEndpoints.preview, { body: body!, signal }),
    enabled: body !== null,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

export function useSuggestedVouchers() {
  return useQuery({
    queryKey: checkoutKeys.suggestedVouchers,
    queryFn: ({ signal }) => call(checkoutEndpoints.suggestedVouchers, { signal }),
    retry: false,
  });
}

export function checkVoucher(code: string, cartItemIds: number[]) {
  return call(checkoutEndpoints.checkVoucher, { body: { code, cart_item_ids: cartItemIds } });
}

/** POST /checkout (the spec's "checkout v3"): multipart with the order as `data` and the optional images. */
export function placeOrder(
  data: PlaceOrderRequest,
  files: { proof: File | null; purchaseOrder: File | null },
  idempotencyKey: string,
) {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  if (files.proof) form.append('proof_of_payment', files.proof);
  if (files.purchaseOrder) form.append('po_attachment', files.purchaseOrder);
  return call(checkoutEndpoints.place, { body: form, headers: { 'idempotency-key': idempotencyKey } });
}

export function fetchOrderStatus(reference: string, signal?: AbortSignal) {
  return call(ordersEndpoints.status, { params: { reference }, signal });
}

/** GET /checkouts/by-reference/:reference: the checkout's current answer (owner only). */
export function fetchCheckoutByReference(reference: string, signal?: AbortSignal) {
  return call(checkoutEndpoints.byReference, { params: { reference }, signal });
}
