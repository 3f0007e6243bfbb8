import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  OrderAgainResponse,
  OrderDetail,
  OrderFilter,
  OrderHistoryResponse,
  ReviewRequest,
  ReviewResponse,
} from '@tibay/contract';
import { orderHistoryPageSize } from '@tibay/contract';
import { api } from '../../lib/api.ts';

export const ordersKey = ['orders'] as const;

/** GET /orders: the spec's order form history, 10 a page. */
export function useOrderHistory(token: string | null, filter: OrderFilter, q: string, page: number) {
  return useQuery({
    queryKey: [...ordersKey, 'list', token, filter, q, page],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ filter, page: String(page), pageSize: String(orderHistoryPageSize) });
      if (q) params.set('q', q);
      return api<OrderHistoryResponse>(`/orders?${params}`, { signal });
    },
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** GET /orders/:reference: the detail modal. */
export function useOrderDetail(token: string | null, reference: string | null) {
  return useQuery({
    queryKey: [...ordersKey, 'detail', token, reference],
    queryFn: ({ signal }) => api<OrderDetail>(`/orders/${encodeURIComponent(reference ?? '')}`, { signal }),
    enabled: Boolean(token && reference),
    staleTime: 0,
  });
}

/** POST /reviews (the spec's product review). */
export function submitReview(body: ReviewRequest) {
  return api<ReviewResponse>('/reviews', { method: 'POST', body });
}

/** POST /orders/:reference/order-again. */
export function orderAgain(reference: string) {
  return api<OrderAgainResponse>(`/orders/${encodeURIComponent(reference)}/order-again`, { method: 'POST' });
}
