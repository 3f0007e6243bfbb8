import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { catalogLimits, type SellerListMode, type SellerListResponse } from '@tibay/contract';
import { call } from '../../lib/endpoint.ts';
import * as sellersEndpoints from '../../lib/endpoints/sellers.ts';

export const sellersKeys = {
  list: (params: SellerListParams) =>
    ['sellers', params.mode, params.page, params.keyword, params.coordinates?.lat, params.coordinates?.lng] as const,
  suggestions: (q: string) => ['sellers', 'search', q] as const,
  microsite: (handle: string) => ['microsite', handle.toLowerCase()] as const,
};

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
    queryKey: sellersKeys.list(params),
    queryFn: async ({ signal }) => {
      const query = {
        mode,
        page,
        pageSize: catalogLimits.sellerPageSize,
        keyword: keyword || undefined,
        lat: coordinates?.lat,
        lng: coordinates?.lng,
      };
      try {
        return await call(sellersEndpoints.list, { query, signal });
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

/** GET /sellers/search?q= (sellerCompanySearchQuery): seller names for the search box. */
export function useSellerSuggestions(text: string) {
  const q = text.trim();
  return useQuery({
    queryKey: sellersKeys.suggestions(q),
    queryFn: ({ signal }) => call(sellersEndpoints.search, { query: { q }, signal, token: null }),
    enabled: q.length > 0,
    select: (data) => data.items,
    staleTime: 60_000,
  });
}

/** GET /microsites/:handle (getMicrositehandle). */
export function fetchMicrosite(handle: string, signal?: AbortSignal) {
  return call(sellersEndpoints.micrositeByHandle, { params: { handle }, signal, token: null });
}
