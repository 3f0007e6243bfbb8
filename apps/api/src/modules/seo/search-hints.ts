import type { SearchResponse } from '@tibay/contract';
import { catalogLimits } from '@tibay/contract';
import type { FastifyInstance } from 'fastify';
import { leadImageTag } from './page-meta.ts';

/**
 * The search page's first paint waits for its results and then for the first cards' photos. For a plain search
 * (`/search?q=...`, no filters: what links and the header's search box open) the server runs the same search
 * and names, in the HTML, the API answer the app is about to ask for (the exact URL the web app's useSearch
 * builds for these filters, so the browser reuses it) and the first two photos (decision 0026).
 */
export async function searchHints(app: FastifyInstance, url: string): Promise<string> {
  const [pathname, queryString = ''] = url.split('?');
  if (!/^\/search\/?$/i.test(pathname ?? '')) return '';
  const params = new URLSearchParams(queryString);
  const q = params.get('q')?.trim() ?? '';
  if (!q || q.length > 100 || [...params.keys()].some((key) => key !== 'q')) return '';
  const apiQuery = new URLSearchParams({ page: '1', pageSize: String(catalogLimits.searchPageSize) });
  apiQuery.set('q', q);
  apiQuery.set('availability', 'inStock');
  apiQuery.set('deliveryOption', 'all');
  apiQuery.set('location', 'all');
  const apiUrl = `/api/v1/search?${apiQuery}`;
  const response = await app.inject({ method: 'GET', url: apiUrl });
  if (response.statusCode !== 200) return '';
  const found = response.json() as SearchResponse;
  const photos = found.items
    .slice(0, 2)
    .map((item) => item.photo)
    .filter((photo): photo is string => Boolean(photo));
  return [
    `<link rel="preload" as="fetch" crossorigin href="${apiUrl.replace(/&/g, '&amp;')}" />`,
    ...photos.map((photo) => leadImageTag({ url: photo, use: 'card' })),
  ].join('\n    ');
}
