import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { catalogLimits, type ListSort } from '@tibay/contract';
import { call } from '../../lib/endpoint.ts';
import * as categoriesEndpoints from '../../lib/endpoints/categories.ts';

export const categoryKeys = {
  all: ['categories'] as const,
  detail: (id: number) => [...categoryKeys.all, id] as const,
  products: (id: number, filters: CategoryFilters) => [...categoryKeys.detail(id), 'products', filters] as const,
  suggestions: (id: number, q: string) => [...categoryKeys.detail(id), 'suggestions', q] as const,
};

/** GET /categories: every category in grid order (the Shop by category tiles). */
export function useCategories() {
  return useQuery({
    queryKey: categoryKeys.all,
    queryFn: ({ signal }) => call(categoriesEndpoints.list, { signal, token: null }),
    select: (data) => data.items,
    staleTime: 5 * 60_000,
  });
}

/** GET /categories/:id: the category's name and banner. */
export function useCategory(id: number) {
  return useQuery({
    queryKey: categoryKeys.detail(id),
    queryFn: ({ signal }) => call(categoriesEndpoints.get, { params: { id }, signal, token: null }),
    enabled: id > 0,
    retry: false,
    staleTime: 5 * 60_000,
  });
}

export interface CategoryFilters {
  page: number;
  sort: ListSort;
  keyword: string;
}

/** GET /categories/:id/products (product by category): 20 products a page. */
export function useCategoryProducts(id: number, filters: CategoryFilters) {
  return useQuery({
    queryKey: categoryKeys.products(id, filters),
    queryFn: ({ signal }) =>
      call(categoriesEndpoints.products, {
        params: { id },
        query: {
          page: filters.page,
          pageSize: catalogLimits.categoryPageSize,
          sort: filters.sort,
          keyword: filters.keyword || undefined,
        },
        signal,
        token: null,
      }),
    enabled: id > 0,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 30_000,
  });
}

/** GET /categories/:id/suggestions?q=: product names of this category for the search box. */
export function useCategorySuggestions(id: number, text: string) {
  const q = text.trim();
  return useQuery({
    queryKey: categoryKeys.suggestions(id, q),
    queryFn: ({ signal }) =>
      call(categoriesEndpoints.suggestions, { params: { id }, query: { q }, signal, token: null }),
    enabled: id > 0 && q.length > 0,
    select: (data) => data.items,
    staleTime: 60_000,
  });
}
