import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  OrderStatus,
  ProductInput,
  SellerMe,
  SellerOrderDetail,
  SellerOrderRow,
  SellerProduct,
  SellerProductRow,
} from '@tibay/contract';
import { sellerApi } from '../seller-session.ts';

/** The seller center's calls (routes under /api/v1/seller, docs/api.md). */

interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  totalPages: number;
  totalCount: number;
}

export const sellerKeys = {
  me: ['seller', 'me'] as const,
  products: (q: string, status: string, page: number) => ['seller', 'products', q, status, page] as const,
  product: (id: number) => ['seller', 'product', id] as const,
  orders: (status: string, q: string, page: number) => ['seller', 'orders', status, q, page] as const,
  order: (reference: string) => ['seller', 'order', reference] as const,
};

export function useSellerMe(enabled = true) {
  return useQuery({ queryKey: sellerKeys.me, queryFn: () => sellerApi<SellerMe>('/seller/me'), enabled, retry: false });
}

export function useSellerProducts(q: string, status: string, page: number) {
  const params = new URLSearchParams({ q, status, page: String(page), pageSize: '10' });
  return useQuery({
    queryKey: sellerKeys.products(q, status, page),
    queryFn: () => sellerApi<Page<SellerProductRow>>(`/seller/products?${params}`),
    placeholderData: keepPreviousData,
  });
}

export function useSellerProduct(id: number | null) {
  return useQuery({
    queryKey: sellerKeys.product(id ?? 0),
    queryFn: () => sellerApi<SellerProduct>(`/seller/products/${id}`),
    enabled: id !== null,
    retry: false,
  });
}

export function saveProduct(id: number | null, body: ProductInput) {
  return id === null
    ? sellerApi<SellerProduct>('/seller/products', { method: 'POST', body })
    : sellerApi<SellerProduct>(`/seller/products/${id}`, { method: 'PUT', body });
}

export function deleteProduct(id: number) {
  return sellerApi<{ result: 'deleted' | 'deactivated'; message: string }>(`/seller/products/${id}`, {
    method: 'DELETE',
  });
}

export function adjustStock(nodeId: number, quantity: number, reason: string) {
  return sellerApi<{ product_id: number; stock: number }>(`/seller/products/${nodeId}/stock-adjustments`, {
    method: 'POST',
    body: { quantity, reason },
  });
}

export function arrangeImages(productId: number, body: { order?: number[]; thumbnail_id?: number }) {
  return sellerApi<void>(`/seller/products/${productId}/images`, { method: 'PATCH', body });
}

export function removeImage(productId: number, imageId: number) {
  return sellerApi<void>(`/seller/products/${productId}/images/${imageId}`, { method: 'DELETE' });
}

export function addVideoUrl(productId: number, url: string) {
  return sellerApi<{ id: number; url: string }>(`/seller/products/${productId}/videos`, {
    method: 'POST',
    body: { url },
  });
}

export function removeVideo(productId: number, videoId: number) {
  return sellerApi<void>(`/seller/products/${productId}/videos/${videoId}`, { method: 'DELETE' });
}

export function useSellerOrders(status: string, q: string, page: number) {
  const params = new URLSearchParams({ status, q, page: String(page), pageSize: '10' });
  return useQuery({
    queryKey: sellerKeys.orders(status, q, page),
    queryFn: () => sellerApi<Page<SellerOrderRow>>(`/seller/orders?${params}`),
    placeholderData: keepPreviousData,
  });
}

export function useSellerOrder(reference: string) {
  return useQuery({
    queryKey: sellerKeys.order(reference),
    queryFn: () => sellerApi<SellerOrderDetail>(`/seller/orders/${encodeURIComponent(reference)}`),
    retry: false,
  });
}

export function useMoveOrder(reference: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { to: OrderStatus; reason?: string }) =>
      sellerApi<SellerOrderDetail>(`/seller/orders/${encodeURIComponent(reference)}/status`, {
        method: 'POST',
        body: input,
      }),
    onSuccess: (order) => {
      client.setQueryData(sellerKeys.order(reference), order);
      void client.invalidateQueries({ queryKey: ['seller', 'orders'] });
    },
  });
}
