import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  CartResponse,
  CheckoutPreviewRequest,
  CheckoutPreviewResponse,
  CheckoutResult,
  OrderStatusResponse,
  PlaceOrderRequest,
  SessionInfo,
  ShippingQuotesRequest,
  ShippingQuotesResponse,
  SuggestedVouchersResponse,
  VoucherCheckResponse,
} from '@tibay/contract';
import { api } from '../../lib/api.ts';
import { storeUser, useSession } from '../../lib/session.ts';

/** The signed-in customer, fresh from the server (customerData; the stored copy may be stale after a change). */
export function useCustomer() {
  const { token } = useSession();
  return useQuery({
    queryKey: ['me', token],
    queryFn: async ({ signal }) => {
      const info = await api<SessionInfo>('/me', { signal });
      storeUser(info.user);
      return info.user;
    },
    enabled: Boolean(token),
    retry: false,
  });
}

/**
 * GET /cart for the checkout: the lines marked in the cart and the order instructions are stored with the cart,
 * so a checkout opened in a new tab or on another device reads the same.
 */
export function useCheckoutCart() {
  const { token } = useSession();
  return useQuery({
    queryKey: ['checkout', 'cart', token],
    queryFn: ({ signal }) => api<CartResponse>('/cart', { signal }),
    enabled: Boolean(token),
    retry: false,
  });
}

/** POST /checkout/shipping-quotes: every method's fee for these lines and this address. */
export function useShippingQuotes(body: ShippingQuotesRequest | null) {
  return useQuery({
    queryKey: ['checkout', 'shipping-quotes', body],
    queryFn: ({ signal }) => api<ShippingQuotesResponse>('/checkout/shipping-quotes', { method: 'POST', body, signal }),
    enabled: body !== null,
    retry: false,
    staleTime: 60_000,
  });
}

/** POST /checkout/preview: the server's lines, fees per seller, credit balances and payment methods. */
export function useCheckoutPreview(body: CheckoutPreviewRequest | null) {
  return useQuery({
    queryKey: ['checkout', 'preview', body],
    queryFn: ({ signal }) => api<CheckoutPreviewResponse>('/checkout/preview', { method: 'POST', body, signal }),
    enabled: body !== null,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

export function useSuggestedVouchers() {
  return useQuery({
    queryKey: ['vouchers', 'suggested'],
    queryFn: ({ signal }) => api<SuggestedVouchersResponse>('/vouchers/suggested', { signal }),
    retry: false,
  });
}

export function checkVoucher(code: string, cartItemIds: number[]) {
  return api<VoucherCheckResponse>('/vouchers/check', {
    method: 'POST',
    body: { code, cart_item_ids: cartItemIds },
  });
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
  return api<CheckoutResult>('/checkout', {
    method: 'POST',
    body: form,
    headers: { 'idempotency-key': idempotencyKey },
  });
}

export function fetchOrderStatus(reference: string, signal?: AbortSignal) {
  return api<OrderStatusResponse>(`/orders/${encodeURIComponent(reference)}/status`, { signal });
}
