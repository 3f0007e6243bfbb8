import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api.ts';

export interface AppConfig {
  /** Leaflet tile URL template, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png */
  mapTileUrl: string;
  devOutbox?: boolean;
}

const fallbackTiles = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** Public settings from GET /api/v1/config (read once per session). */
export function useAppConfig() {
  return useQuery({
    queryKey: ['config'],
    queryFn: ({ signal }) => api<AppConfig>('/config', { signal, token: null }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The map tile URL; the public OpenStreetMap template when the config cannot be read. */
export function useMapTileUrl(): string | null {
  const { data, isError } = useAppConfig();
  if (data?.mapTileUrl) return data.mapTileUrl;
  return isError ? fallbackTiles : null;
}
