import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { catalogLimits, type NameSuggestions, type ShopResponse } from '@tibay/contract';
import { api } from '../../../lib/api.ts';

export interface ShopFilters {
  page: number;
  sort: 'asc' | 'desc' | null;
  keyword: string;
  category: number | null;
}

/** GET /sellers/:handleOrId/shop (seller shop by id): 15 products a page, with the shop's header and categories. */
export function useShop(handle: string, filters: ShopFilters) {
  return useQuery({
    queryKey: ['shop', handle.toLowerCase(), filters],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ page: String(filters.page), pageSize: String(catalogLimits.shopPageSize) });
      if (filters.sort) query.set('sort', filters.sort);
      if (filters.keyword) query.set('keyword', filters.keyword);
      if (filters.category) query.set('category', String(filters.category));
      return api<ShopResponse>(`/sellers/${encodeURIComponent(handle)}/shop?${query}`, { signal, token: null });
    },
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 30_000,
  });
}

/** GET /sellers/:handleOrId/suggestions?q=: product names of this shop for the keyword box. */
export function useShopSuggestions(handle: string, text: string) {
  const q = text.trim();
  return useQuery({
    queryKey: ['shop', handle.toLowerCase(), 'suggestions', q],
    queryFn: ({ signal }) =>
      api<NameSuggestions>(`/sellers/${encodeURIComponent(handle)}/suggestions?${new URLSearchParams({ q })}`, {
        signal,
        token: null,
      }),
    enabled: q.length > 0,
    select: (data) => data.items,
    staleTime: 60_000,
  });
}
