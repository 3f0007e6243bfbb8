import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useMemo } from 'react';
import { MapContainer, Marker, Popup, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import type { LatLng, MapMarker, MapViewProps } from './map-view.tsx';

function pinIcon(variant: MapMarker['variant']) {
  const fill = variant === 'shop' ? '#1e293b' : '#e8590c';
  return L.divIcon({
    className: 'tibay-map-pin',
    html: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 44" width="32" height="44" aria-hidden="true"><path d="M16 1C7.7 1 1 7.6 1 15.8 1 27 16 43 16 43s15-16 15-27.2C31 7.6 24.3 1 16 1z" fill="${fill}" stroke="#fff" stroke-width="2"/><circle cx="16" cy="16" r="5.5" fill="#fff"/></svg>`,
    iconSize: [32, 44],
    iconAnchor: [16, 43],
    popupAnchor: [0, -38],
  });
}

function Recenter({ center, zoom }: { center: LatLng; zoom?: number }) {
  const map = useMap();
  useEffect(() => {
    map.setView(center, zoom ?? map.getZoom());
  }, [map, center[0], center[1], zoom]);
  return null;
}

/** Fits the view to the points (a little padding; never closer than street level for one or two points). */
function FitPoints({ points }: { points: LatLng[] }) {
  const map = useMap();
  const key = points.map(([lat, lng]) => `${lat},${lng}`).join(';');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the points
  useEffect(() => {
    map.fitBounds(L.latLngBounds(points), { padding: [36, 36], maxZoom: 14 });
  }, [map, key]);
  return null;
}

function ClickHandler({ onMapClick }: { onMapClick: (position: LatLng) => void }) {
  useMapEvents({ click: (event) => onMapClick([event.latlng.lat, event.latlng.lng]) });
  return null;
}

function PinMarker({ marker }: { marker: MapMarker }) {
  const icon = useMemo(() => pinIcon(marker.variant), [marker.variant]);
  return (
    <Marker
      position={marker.position}
      icon={icon}
      title={marker.title}
      alt={marker.title}
      draggable={marker.draggable}
      // The user's own pin stays above the sellers' pins, so it can always be grabbed and dragged.
      zIndexOffset={marker.variant === 'shop' ? 0 : 1000}
      eventHandlers={
        marker.onDragEnd
          ? {
              dragend: (event) => {
                const { lat, lng } = (event.target as L.Marker).getLatLng();
                marker.onDragEnd?.([lat, lng]);
              },
            }
          : undefined
      }
    >
      {marker.popup ? <Popup>{marker.popup}</Popup> : null}
    </Marker>
  );
}

export default function LeafletMap({
  center,
  zoom = 15,
  markers = [],
  onMapClick,
  followCenter = true,
  fitPoints,
  tileUrl,
}: Omit<MapViewProps, 'label' | 'height'> & { tileUrl: string }) {
  return (
    <MapContainer center={center} zoom={zoom} scrollWheelZoom={false} style={{ height: '100%', width: '100%' }}>
      <TileLayer
        url={tileUrl}
        attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
      />
      {fitPoints && fitPoints.length > 0 ? (
        <FitPoints points={fitPoints} />
      ) : followCenter ? (
        <Recenter center={center} zoom={zoom} />
      ) : null}
      {onMapClick ? <ClickHandler onMapClick={onMapClick} /> : null}
      {markers.map((marker) => (
        <PinMarker key={marker.id} marker={marker} />
      ))}
    </MapContainer>
  );
}
