import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type BadStockTransferRequest,
  type InventoryTransferRequest,
  type InventoryTransferStatus,
  TRANSFER_SEARCH_MIN,
} from '@tibay/contract';
import { callVia } from '../../lib/endpoint.ts';
import * as endpoints from '../../lib/endpoints/inventory-transfers.ts';
import { adminApi } from '../admin/index.ts';

/**
 * Back office II calls: inventory transfers, their approval and bad stock transfers, through the admin frame's
 * transport (the cookie session and the CSRF header; a 401 sends the frame to 'Not Authorized!').
 */

export const inventoryTransfersKeys = {
  all: ['admin', 'inventory-transfers'] as const,
  sellers: ['admin', 'inventory-transfers', 'sellers'] as const,
  products: (sellerId: number | null, q: string) => ['admin', 'inventory-transfers', 'products', sellerId, q] as const,
  list: (status: InventoryTransferStatus | 'ALL') => ['admin', 'inventory-transfers', 'list', status] as const,
  summary: ['admin', 'inventory-transfers', 'summary'] as const,
  badStockOrders: (query: string) => ['admin', 'bad-stock', 'orders', query] as const,
  badStockOrder: (reference: string) => ['admin', 'bad-stock', 'order', reference] as const,
};

export function useTransferSellers() {
  return useQuery({
    queryKey: inventoryTransfersKeys.sellers,
    queryFn: () => callVia(adminApi, endpoints.transferSellers),
  });
}

/** Spec 3 §5: the search asks only after 3 characters and a chosen seller. */
export function useTransferProducts(sellerId: number | null, q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: inventoryTransfersKeys.products(sellerId, text),
    queryFn: () =>
      callVia(adminApi, endpoints.transferProducts, { params: { sellerId: sellerId! }, query: { q: text } }),
    enabled: sellerId !== null && text.length >= TRANSFER_SEARCH_MIN,
    staleTime: 10_000,
  });
}

export function useTransfers(status: InventoryTransferStatus | 'ALL') {
  return useQuery({
    queryKey: inventoryTransfersKeys.list(status),
    queryFn: () => callVia(adminApi, endpoints.transfers, { query: { status } }),
  });
}

export function usePendingTransfersCount() {
  return useQuery({
    queryKey: inventoryTransfersKeys.summary,
    queryFn: () => callVia(adminApi, endpoints.transfersSummary),
  });
}

export function useCreateTransfer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InventoryTransferRequest) => callVia(adminApi, endpoints.createTransfer, { body }),
    onSettled: () => client.invalidateQueries({ queryKey: inventoryTransfersKeys.all }),
  });
}

export function useDecideTransfer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: 'Approved' | 'Reject' }) =>
      callVia(adminApi, endpoints.decideTransfer, { params: { id }, body: { status } }),
    onSettled: () => client.invalidateQueries({ queryKey: inventoryTransfersKeys.all }),
  });
}

/** Spec 3 §7 "bad stock order form search": asked again on each change of the search text. */
export function useBadStockOrders(query: string, enabled: boolean) {
  return useQuery({
    queryKey: inventoryTransfersKeys.badStockOrders(query.trim()),
    queryFn: () => callVia(adminApi, endpoints.badStockOrders, { query: { query: query.trim() } }),
    enabled,
  });
}

export function useBadStockOrder(reference: string | null) {
  return useQuery({
    queryKey: inventoryTransfersKeys.badStockOrder(reference ?? ''),
    queryFn: () => callVia(adminApi, endpoints.badStockOrderForm, { params: { reference: reference! } }),
    enabled: reference !== null,
  });
}

export function useTransferBadStock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BadStockTransferRequest) => callVia(adminApi, endpoints.transferBadStock, { body }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'bad-stock'] }),
  });
}
