import { useQuery } from '@tanstack/react-query';
import type { BlogsResponse, PartnerItem, PartnersResponse } from '@tibay/contract';
import { api } from '../../../lib/api.ts';

export type Partner = PartnerItem;

/** Brand partners for the logo slider and the partner strip (GET /api/v1/content/partners). */
export function usePartners() {
  return useQuery({
    queryKey: ['content', 'partners'],
    queryFn: ({ signal }) => api<PartnersResponse>('/content/partners', { signal, token: null }),
    select: (data) => data.items,
    staleTime: 5 * 60_000,
  });
}

/** Featured blog articles (GET /api/v1/content/blogs). */
export function useFeaturedBlogs() {
  return useQuery({
    queryKey: ['content', 'blogs'],
    queryFn: ({ signal }) => api<BlogsResponse>('/content/blogs', { signal, token: null }),
    select: (data) => data.items,
    staleTime: 5 * 60_000,
  });
}
