import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type CategoriesResponse,
  type Category,
  type CategoryProductsResponse,
  catalogLimits,
  type ListSort,
  type NameSuggestions,
} from '@tibay/contract';
import { api } from '../../../lib/api.ts';

/** GET /categories: every category in grid order (the Shop by category tiles). */
export function useCategories() {
  return useQuery({
    queryKey: ['categories'],
    queryFn: ({ signal }) => api<CategoriesResponse>('/categories', { signal, token: null }),
    select: (data) => data.items,
    staleTime: 5 * 60_000,
  });
}

/** GET /categories/:id: the category's name and banner. */
export function useCategory(id: number) {
  return useQuery({
    queryKey: ['categories', id],
    queryFn: ({ signal }) => api<Category>(`/categories/${id}`, { signal, token: null }),
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
    queryKey: ['categories', id, 'products', filters],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({
        page: String(filters.page),
        pageSize: String(catalogLimits.categoryPageSize),
        sort: filters.sort,
      });
      if (filters.keyword) query.set('keyword', filters.keyword);
      return api<CategoryProductsResponse>(`/categories/${id}/products?${query}`, { signal, token: null });
    },
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
    queryKey: ['categories', id, 'suggestions', q],
    queryFn: ({ signal }) =>
      api<NameSuggestions>(`/categories/${id}/suggestions?${new URLSearchParams({ q })}`, { signal, token: null }),
    enabled: id > 0 && q.length > 0,
    select: (data) => data.items,
    staleTime: 60_000,
  });
}
