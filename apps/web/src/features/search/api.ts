import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { catalogLimits, type DeliveryOption, deliveryOption, type SearchSort, searchSort } from '@tibay/contract';
import { call } from '../../lib/endpoint.ts';
import * as searchEndpoints from '../../lib/endpoints/search.ts';
import { localKeys } from '../../lib/storage-keys.ts';

/** The search page's state, kept in the URL query so back and forward restore it. Prices are whole pesos. */
export interface SearchFilters {
  q: string;
  priceMin: string;
  priceMax: string;
  category: string;
  seller: string;
  brand: string;
  availability: 'inStock' | 'outOfStock';
  deliveryOption: DeliveryOption;
  location: 'all' | 'near';
  sort: SearchSort | '';
  page: number;
}

const deliveryOptions: readonly DeliveryOption[] = deliveryOption.options;
const sorts: readonly SearchSort[] = searchSort.options;
const digits = (value: string | null) => (value && /^\d{1,9}$/.test(value) ? value : '');

export function filtersFromParams(params: URLSearchParams): SearchFilters {
  const delivery = params.get('deliveryOption') as DeliveryOption | null;
  const sort = params.get('sort') as SearchSort | null;
  return {
    q: params.get('q')?.trim() ?? '',
    priceMin: digits(params.get('priceMin')),
    priceMax: digits(params.get('priceMax')),
    category: digits(params.get('category')),
    seller: digits(params.get('seller')),
    brand: params.get('brand')?.trim() ?? '',
    availability: params.get('availability') === 'outOfStock' ? 'outOfStock' : 'inStock',
    deliveryOption: delivery && deliveryOptions.includes(delivery) ? delivery : 'all',
    location: params.get('location') === 'near' ? 'near' : 'all',
    sort: sort && sorts.includes(sort) ? sort : '',
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
  };
}

/** The URL query for these filters: defaults are left out so links stay short. */
export function paramsFromFilters(filters: SearchFilters): URLSearchParams {
  const params = new URLSearchParams();
  params.set('q', filters.q);
  if (filters.priceMin) params.set('priceMin', filters.priceMin);
  if (filters.priceMax) params.set('priceMax', filters.priceMax);
  if (filters.category) params.set('category', filters.category);
  if (filters.seller) params.set('seller', filters.seller);
  if (filters.brand) params.set('brand', filters.brand);
  if (filters.availability !== 'inStock') params.set('availability', filters.availability);
  if (filters.deliveryOption !== 'all') params.set('deliveryOption', filters.deliveryOption);
  if (filters.location !== 'all') params.set('location', filters.location);
  if (filters.sort) params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** The delivery address's coordinates saved in this browser (localStorage globalCoordinates), if any. */
function savedCoordinates(): { lat: number; lng: number } | null {
  try {
    const value = JSON.parse(localStorage.getItem(localKeys.globalCoordinates) ?? 'null') as {
      lat?: unknown;
      lng?: unknown;
    } | null;
    if (value && typeof value.lat === 'number' && typeof value.lng === 'number')
      return { lat: value.lat, lng: value.lng };
  } catch {
    // not JSON: ignore
  }
  return null;
}

export const searchKeys = {
  results: (filters: SearchFilters) => ['search', filters] as const,
  suggestions: (q: string) => ['search-suggestions', q] as const,
};

/** GET /search (search, paginated): 9 products a page with facets and related shops. Prices go as centavos. */
export function useSearch(filters: SearchFilters) {
  return useQuery({
    queryKey: searchKeys.results(filters),
    queryFn: ({ signal }) => {
      const near = filters.location === 'near' ? savedCoordinates() : null;
      return call(searchEndpoints.products, {
        query: {
          page: filters.page,
          pageSize: catalogLimits.searchPageSize,
          q: filters.q || undefined,
          priceMin: filters.priceMin ? Number(filters.priceMin) * 100 : undefined,
          priceMax: filters.priceMax ? Number(filters.priceMax) * 100 : undefined,
          category: filters.category ? Number(filters.category) : undefined,
          seller: filters.seller ? Number(filters.seller) : undefined,
          brand: filters.brand || undefined,
          availability: filters.availability,
          deliveryOption: filters.deliveryOption,
          location: filters.location,
          lat: near?.lat,
          lng: near?.lng,
          sort: filters.sort || undefined,
        },
        signal,
      });
    },
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 30_000,
  });
}

/** GET /search/suggestions?q= : products and sellers for the header's search box. */
export function useSearchSuggestions(q: string) {
  return useQuery({
    queryKey: searchKeys.suggestions(q),
    queryFn: ({ signal }) => call(searchEndpoints.suggestions, { query: { q }, signal }),
    enabled: q.length > 0,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
