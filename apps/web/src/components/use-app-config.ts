import { useQuery } from '@tanstack/react-query';
import { call } from '../lib/endpoint.ts';
import * as siteEndpoints from '../lib/endpoints/site.ts';

const configKeys = { all: ['config'] as const };

const fallbackTiles = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** Public settings from GET /api/v1/config (read once per session). */
export function useAppConfig() {
  return useQuery({
    queryKey: configKeys.all,
    queryFn: ({ signal }) => call(siteEndpoints.config, { signal, token: null }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The map tile URL; the public OpenStreetMap template when the config cannot be read. */
export function useMapTileUrl(): string | null {
  const { data, isError } = useAppConfig();
  if (data?.mapTileUrl) return data.mapTileUrl;
  return isError ? fallbackTiles : null;
}
