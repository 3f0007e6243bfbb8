import type { SearchResponse } from '@tibay/contract';
import { catalogLimits } from '@tibay/contract';
import type { FastifyInstance } from 'fastify';
import { type FirstPaintContent, leadImageTag } from './page-meta.ts';

export interface SearchPage {
  /** Head tags: the API answer and the first photos, fetched at once. */
  hints: string;
  /** What the server draws of the page before the app runs (decision 0049). */
  firstPaint: FirstPaintContent;
}

/**
 * The search page's first paint waits for its results and then for the first cards' photos. For a plain search
 * (`/search?q=...`, no filters: what links and the header's search box open) the server runs the same search
 * and names, in the HTML, the API answer the app is about to ask for (the exact URL the web app's useSearch
 * builds for these filters, so the browser reuses it) and the first two photos (decision 0026), and draws the
 * first result cards from that answer (decision 0049). Null for any other page.
 */
export async function searchPage(app: FastifyInstance, url: string): Promise<SearchPage | null> {
  const [pathname, queryString = ''] = url.split('?');
  if (!/^\/search\/?$/i.test(pathname ?? '')) return null;
  const frameOnly: SearchPage = { hints: '', firstPaint: { page: 'search' } };
  const params = new URLSearchParams(queryString);
  const q = params.get('q')?.trim() ?? '';
  if (!q || q.length > 100 || [...params.keys()].some((key) => key !== 'q')) return frameOnly;
  const apiQuery = new URLSearchParams({ page: '1', pageSize: String(catalogLimits.searchPageSize) });
  apiQuery.set('q', q);
  apiQuery.set('availability', 'inStock');
  apiQuery.set('deliveryOption', 'all');
  apiQuery.set('location', 'all');
  const apiUrl = `/api/v1/search?${apiQuery}`;
  const response = await app.inject({ method: 'GET', url: apiUrl });
  if (response.statusCode !== 200) return frameOnly;
  const found = response.json() as SearchResponse;
  const photos = found.items
    .slice(0, 2)
    .map((item) => item.photo)
    .filter((photo): photo is string => Boolean(photo));
  const hints = [
    `<link rel="preload" as="fetch" crossorigin href="${apiUrl.replace(/&/g, '&amp;')}" />`,
    ...photos.map((photo) => leadImageTag({ url: photo, use: 'card' })),
  ].join('\n    ');
  const { items, related_shops, totalCount } = found;
  return { hints, firstPaint: { page: 'search', q, found: { items, related_shops, totalCount } } };
}
