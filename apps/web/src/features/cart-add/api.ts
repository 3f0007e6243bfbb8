import { useQuery } from '@tanstack/react-query';
import type { AddToCartRequest, AddToCartResponse, ProductDetailResponse } from '@tibay/contract';
import { api } from '../../lib/api.ts';

/** The query key of a product's detail (item page and add-to-cart popup share the cache). */
export const productDetailKey = (productId: number) => ['product-detail', productId] as const;

/** GET /products/:id: the product with variations, media and reviews. */
export function useProductDetail(productId: number | null) {
  return useQuery({
    queryKey: productDetailKey(productId ?? 0),
    queryFn: ({ signal }) => api<ProductDetailResponse>(`/products/${productId}`, { signal }),
    enabled: productId !== null && productId > 0,
    retry: false,
  });
}

/**
 * POST /cart/items (the spec's "add to cart v3"). The request key makes the server count a repeated add once
 * (a retry after a lost answer sends the same key).
 */
export function addToCart({ body, requestKey }: { body: AddToCartRequest; requestKey: string }) {
  return api<AddToCartResponse>('/cart/items', { method: 'POST', body, headers: { 'idempotency-key': requestKey } });
}
