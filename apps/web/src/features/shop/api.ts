import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { catalogLimits, type ShopQuery } from '@tibay/contract';
import { call } from '../../lib/endpoint.ts';
import * as sellersEndpoints from '../../lib/endpoints/sellers.ts';

/** The price order of the shop's products; null keeps the shop's own order. */
export type ShopSort = NonNullable<ShopQuery['sort']> | null;

export interface ShopFilters {
  page: number;
  sort: ShopSort;
  keyword: string;
  category: number | null;
}

export const shopKeys = {
  products: (handle: string, filters: ShopFilters) => ['shop', handle.toLowerCase(), filters] as const,
  suggestions: (handle: string, q: string) => ['shop', handle.toLowerCase(), 'suggestions', q] as const,
};

/** GET /sellers/:handleOrId/shop (seller shop by id): 15 products a page, with the shop's header and categories. */
export function useShop(handle: string, filters: ShopFilters) {
  return useQuery({
    queryKey: shopKeys.products(handle, filters),
    queryFn: ({ signal }) =>
      call(sellersEndpoints.shop, {
        params: { handleOrId: handle },
        query: {
          page: filters.page,
          pageSize: catalogLimits.shopPageSize,
          sort: filters.sort ?? undefined,
          keyword: filters.keyword || undefined,
          category: filters.category || undefined,
        },
        signal,
        token: null,
      }),
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 30_000,
  });
}

/** GET /sellers/:handleOrId/suggestions?q=: product names of this shop for the keyword box. */
export function useShopSuggestions(handle: string, text: string) {
  const q = text.trim();
  return useQuery({
    queryKey: shopKeys.suggestions(handle, q),
    queryFn: ({ signal }) =>
      call(sellersEndpoints.shopSuggestions, { params: { handleOrId: handle }, query: { q }, signal, token: null }),
    enabled: q.length > 0,
    select: (data) => data.items,
    staleTime: 60_000,
  });
}
