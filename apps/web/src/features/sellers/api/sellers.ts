import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { catalogLimits, type Microsite, type SellerListMode, type SellerListResponse } from '@tibay/contract';
import { api } from '../../../lib/api.ts';

export interface SellerListParams {
  mode: SellerListMode;
  page: number;
  keyword: string;
  coordinates: { lat: number; lng: number } | null;
}

/** What the page shows after a failed fetch: an empty list and zero pages (spec 1 §8). */
const emptyList = (mode: SellerListMode): SellerListResponse => ({
  items: [],
  page: 1,
  pageSize: catalogLimits.sellerPageSize,
  totalPages: 0,
  totalCount: 0,
  mode,
  radius_km: catalogLimits.nearbyRadiusKm,
});

/** GET /sellers (sellerCompany): nearby (needs coordinates) or global, 12 a page. */
export function useSellerList(params: SellerListParams) {
  const { mode, page, keyword, coordinates } = params;
  const enabled = mode === 'global' || coordinates !== null;
  return useQuery({
    queryKey: ['sellers', mode, page, keyword, coordinates?.lat, coordinates?.lng],
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ mode, page: String(page), pageSize: String(catalogLimits.sellerPageSize) });
      if (keyword) query.set('keyword', keyword);
      if (coordinates) {
        query.set('lat', String(coordinates.lat));
        query.set('lng', String(coordinates.lng));
      }
      try {
        return await api<SellerListResponse>(`/sellers?${query}`, { signal });
      } catch (error) {
        if ((error as Error).name === 'AbortError') throw error;
        return emptyList(mode);
      }
    },
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export interface SellerSuggestion {
  id: number;
  name: string;
  url_handle: string;
  logo: string | null;
}

/** GET /sellers/search?q= (sellerCompanySearchQuery): seller names for the search box. */
export function useSellerSuggestions(text: string) {
  const q = text.trim();
  return useQuery({
    queryKey: ['sellers', 'search', q],
    queryFn: ({ signal }) =>
      api<{ items: SellerSuggestion[] }>(`/sellers/search?${new URLSearchParams({ q })}`, { signal, token: null }),
    enabled: q.length > 0,
    select: (data) => data.items,
    staleTime: 60_000,
  });
}

/** GET /microsites/:handle (getMicrositehandle). */
export function fetchMicrosite(handle: string, signal?: AbortSignal) {
  return api<Microsite>(`/microsites/${encodeURIComponent(handle)}`, { signal, token: null });
}
