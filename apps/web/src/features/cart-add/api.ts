import { useQuery } from '@tanstack/react-query';
import type { AddToCartRequest } from '@tibay/contract';
import { call } from '../../lib/endpoint.ts';
import * as cartEndpoints from '../../lib/endpoints/cart.ts';
import * as productsEndpoints from '../../lib/endpoints/products.ts';

/** A product's detail: the item page and the add-to-cart popup share the cache. */
export const productKeys = {
  all: ['product-detail'] as const,
  detail: (productId: number) => [...productKeys.all, productId] as const,
};

/** GET /products/:id: the product with variations, media and reviews. */
export function useProductDetail(productId: number | null) {
  return useQuery({
    queryKey: productKeys.detail(productId ?? 0),
    queryFn: ({ signal }) => call(productsEndpoints.detail, { params: { id: productId! }, signal }),
    enabled: productId !== null && productId > 0,
    retry: false,
  });
}

/**
 * POST /cart/items (the spec's "add to cart v3"). The request key makes the server count a repeated add once
 * (a retry after a lost answer sends the same key).
 */
export function addToCart({ body, requestKey }: { body: AddToCartRequest; requestKey: string }) {
  return call(cartEndpoints.add, { body, headers: { 'idempotency-key': requestKey } });
}
