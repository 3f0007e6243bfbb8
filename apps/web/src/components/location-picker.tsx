import { Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { mapDefaults, type Place } from '@tibay/contract';
import { useRef } from 'react';
import { reverseGeocode } from '../lib/geocoding.ts';
import { toast } from '../lib/toast.ts';
import { AddressPicker } from './address-picker.tsx';
import { type LatLng, MapView } from './map-view.tsx';
import { useMyLocation } from './use-my-location.ts';

export interface PickedLocation {
  address: string;
  /** The pin, rounded to 6 decimals (about 10 cm); null until one is chosen. */
  pin: LatLng | null;
}

const round = (value: number) => Math.round(value * 1e6) / 1e6;
const roundPoint = (point: LatLng): LatLng => [round(point[0]), round(point[1])];

/**
 * An address and its point on a map: the site's address search (Philippine places), "use my location", and a map
 * whose draggable pin (or a click) looks the address of the new point up. The buyer's delivery address (change
 * address) and the seller registration's company location use it; the form around it decides what to keep.
 */
export function LocationPicker({
  value,
  onChange,
  label,
  emptyMessage,
  hint,
  mapLabel,
  pinTitle,
  mapHeight,
}: {
  value: PickedLocation;
  /** Every change: typing, a picked place, a moved pin, and the address found for the pin. */
  onChange: (location: PickedLocation) => void;
  /** The address field's label and its message when left empty (default: the delivery address's). */
  label?: string;
  emptyMessage?: string;
  /** Under the field: what to search for and where to drag the pin. */
  hint: string;
  mapLabel: string;
  pinTitle: string;
  mapHeight?: number;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const centre: LatLng = value.pin ?? [mapDefaults.centre.lat, mapDefaults.centre.lng];
  // Changes come in pairs within one event (a picked option is also typed text; a moved pin, then its address): each
  // builds on the one before, not on the value of the last render.
  const latest = useRef(value);
  latest.current = value;
  const change = (patch: Partial<PickedLocation>) => {
    latest.current = { ...latest.current, ...patch };
    onChange(latest.current);
  };

  const pick = (place: Place) => change({ address: place.label, pin: roundPoint([place.latitude, place.longitude]) });

  const lookUp = async (point: LatLng) => {
    change({ pin: roundPoint(point) });
    try {
      const found = await reverseGeocode(point[0], point[1]);
      change({ address: found.address });
    } catch (failure) {
      toast((failure as Error).message, 'error');
    }
  };

  const { locating, locate } = useMyLocation((lat, lng) => lookUp([lat, lng]));

  return (
    <Stack gap="md">
      <AddressPicker
        label={label}
        emptyMessage={emptyMessage}
        value={value.address}
        onChange={(address) => change({ address })}
        onPick={pick}
        onLocate={locate}
        locating={locating}
      />
      <Text size="xs" c="dimmed" mt={-8}>
        {hint}
      </Text>
      <MapView
        label={mapLabel}
        center={centre}
        zoom={value.pin ? mapDefaults.addressZoom : 11}
        height={mapHeight ?? (phone ? 300 : 420)}
        markers={[
          {
            id: 'location-pin',
            position: centre,
            title: pinTitle,
            variant: 'pin',
            draggable: true,
            onDragEnd: (point) => void lookUp(point),
          },
        ]}
        onMapClick={(point) => void lookUp(point)}
      />
    </Stack>
  );
}
