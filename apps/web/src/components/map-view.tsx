import { Box, Skeleton } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { useMapTileUrl } from './use-app-config.ts';

export type LatLng = [number, number];

export interface MapMarker {
  id: string | number;
  position: LatLng;
  /** The marker's accessible name (also its hover title). */
  title: string;
  /** Content of the popup opened by clicking the marker. */
  popup?: ReactNode;
  /** 'pin' is the user's own location (orange), 'shop' a seller (slate). */
  variant?: 'pin' | 'shop';
  draggable?: boolean;
  onDragEnd?: (position: LatLng) => void;
}

export interface MapViewProps {
  /** The region's accessible name, e.g. "Map of our office". */
  label: string;
  center: LatLng;
  zoom?: number;
  markers?: MapMarker[];
  /** Height of the map box (CSS value); the width follows the container. */
  height?: number | string;
  /** Clicking the map (not a marker). */
  onMapClick?: (position: LatLng) => void;
  /** Re-centre when `center` changes (default true). */
  followCenter?: boolean;
  /**
   * When given (and not empty), the view fits these points instead of `center`/`zoom`, and fits them again
   * whenever they change — e.g. the sellers listed on the page.
   */
  fitPoints?: LatLng[];
}

/** Metro Manila, the spec's default map centre (spec 1 §9). */
export const metroManila: LatLng = [14.58, 121.06];

// Leaflet and its CSS load only when a map is first shown, so pages without a map stay small.
const LeafletMap = lazy(() => import('./map-view-leaflet.tsx'));

/**
 * A Leaflet map with markers, tiles from the configured URL (GET /api/v1/config → mapTileUrl).
 * Tiles that fail to load (offline) leave a grey map; the markers still show.
 */
export function MapView({ height = 360, label, ...props }: MapViewProps) {
  const tileUrl = useMapTileUrl();
  const placeholder = <Skeleton h={height} radius="md" aria-hidden />;
  return (
    <Box
      role="region"
      aria-label={label}
      h={height}
      pos="relative"
      style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', isolation: 'isolate' }}
    >
      {tileUrl ? (
        <Suspense fallback={placeholder}>
          <LeafletMap {...props} tileUrl={tileUrl} />
        </Suspense>
      ) : (
        placeholder
      )}
    </Box>
  );
}
