import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type OrderFilter, orderHistoryPageSize, type ReviewRequest } from '@tibay/contract';
import { call } from '../../lib/endpoint.ts';
import * as ordersEndpoints from '../../lib/endpoints/orders.ts';

export const ordersKeys = {
  all: ['orders'] as const,
  list: (token: string | null, filter: OrderFilter, q: string, page: number) =>
    [...ordersKeys.all, 'list', token, filter, q, page] as const,
  detail: (token: string | null, reference: string | null) => [...ordersKeys.all, 'detail', token, reference] as const,
};

/** GET /orders: the spec's order form history, 10 a page. */
export function useOrderHistory(token: string | null, filter: OrderFilter, q: string, page: number) {
  return useQuery({
    queryKey: ordersKeys.list(token, filter, q, page),
    queryFn: ({ signal }) =>
      call(ordersEndpoints.history, {
        query: { filter, page, pageSize: orderHistoryPageSize, q: q || undefined },
        signal,
      }),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** GET /orders/:reference: the detail modal. */
export function useOrderDetail(token: string | null, reference: string | null) {
  return useQuery({
    queryKey: ordersKeys.detail(token, reference),
    queryFn: ({ signal }) => call(ordersEndpoints.detail, { params: { reference: reference ?? '' }, signal }),
    enabled: Boolean(token && reference),
    staleTime: 0,
  });
}

/** POST /reviews (the spec's product review). */
export function submitReview(body: ReviewRequest) {
  return call(ordersEndpoints.review, { body });
}

/** POST /orders/:reference/order-again. */
export function orderAgain(reference: string) {
  return call(ordersEndpoints.orderAgain, { params: { reference } });
}
