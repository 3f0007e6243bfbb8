import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { catalogLimits } from '@tibay/contract';
import { call } from '../../lib/endpoint.ts';
import * as contentEndpoints from '../../lib/endpoints/content.ts';
import * as productsEndpoints from '../../lib/endpoints/products.ts';

/** The home page's queries. The blogs key is also the blogs page's (static-pages reads it through index.ts). */
export const homeKeys = {
  partners: ['content', 'partners'] as const,
  blogs: ['content', 'blogs'] as const,
  bestSellers: (category: number, page: number) => ['best-sellers', category, page] as const,
};

/** Brand partners for the logo slider and the partner strip (GET /api/v1/content/partners). */
export function usePartners() {
  return useQuery({
    queryKey: homeKeys.partners,
    queryFn: ({ signal }) => call(contentEndpoints.partners, { signal, token: null }),
    select: (data) => data.items,
    staleTime: 5 * 60_000,
  });
}

/** Blog articles (GET /api/v1/content/blogs): the home page's featured ones and the blogs page. */
export function useBlogs() {
  return useQuery({
    queryKey: homeKeys.blogs,
    queryFn: ({ signal }) => call(contentEndpoints.blogs, { signal, token: null }),
    select: (data) => data.items,
    staleTime: 5 * 60_000,
  });
}

/** GET /products/best-sellers?category= (0 = ALL): 15 a page, by units sold. */
export function useBestSellers(category: number, page: number) {
  return useQuery({
    queryKey: homeKeys.bestSellers(category, page),
    queryFn: ({ signal }) =>
      call(productsEndpoints.bestSellers, {
        query: { category, page, pageSize: catalogLimits.bestSellerPageSize },
        signal,
        token: null,
      }),
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 60_000,
  });
}
