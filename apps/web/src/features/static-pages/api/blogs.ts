import { useQuery } from '@tanstack/react-query';
import type { BlogsResponse } from '@tibay/contract';
import { api } from '../../../lib/api.ts';

/** Blog articles (GET /api/v1/content/blogs). */
export function useBlogs() {
  return useQuery({
    queryKey: ['content', 'blogs'],
    queryFn: ({ signal }) => api<BlogsResponse>('/content/blogs', { signal, token: null }),
    select: (data) => data.items,
    staleTime: 5 * 60_000,
  });
}
