import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { addressMinLength, type Customer, mapDefaults, messages, type Place, philippineBounds } from '@tibay/contract';
import { useState } from 'react';
import { AddressPicker } from '../../components/address-picker.tsx';
import { type LatLng, MapView } from '../../components/map-view.tsx';
import { ApiError } from '../../lib/api.ts';
// The address field and the geocoding calls of the seller listing (one autocomplete for the whole site).
import { reverseGeocode } from '../../lib/geocoding.ts';
import { storeUser } from '../../lib/session.ts';
import { localKeys } from '../../lib/storage-keys.ts';
import { toast } from '../../lib/toast.ts';
import { saveAddress } from './api.ts';

export type AddressValue = Pick<Customer, 'address' | 'latitude' | 'longitude'>;

export interface ChangeAddressFormProps {
  /** The saved address and pin, if any. */
  initial: AddressValue | null;
  /** After a successful save ('Address Changed' is already shown and the stored user updated). */
  onSaved: (user: Customer) => void;
  /** Shows a CANCEL button (the order-complete popup). */
  onCancel?: () => void;
  mapHeight?: number;
}

const round = (value: number) => Math.round(value * 1e6) / 1e6;

function insidePhilippines([lat, lng]: LatLng): boolean {
  return (
    lat >= philippineBounds.south &&
    lat <= philippineBounds.north &&
    lng >= philippineBounds.west &&
    lng <= philippineBounds.east
  );
}

/**
 * The delivery-address form (spec 2 "Change address"): address search limited to the Philippines, a map with a
 * draggable pin (dragging looks the address up), and SAVE. Saving stores the address on the account, updates the
 * stored user and the header's address, and toasts 'Address Changed'. Used by /change-address/{id} and by the
 * order-complete page's popup.
 */
export function ChangeAddressForm({ initial, onSaved, onCancel, mapHeight }: ChangeAddressFormProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  const hasPin = initial?.latitude != null && initial.longitude != null;
  const [address, setAddress] = useState(initial?.address ?? '');
  const [pin, setPin] = useState<LatLng | null>(hasPin ? [initial.latitude!, initial.longitude!] : null);
  const [locating, setLocating] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const centre: LatLng = pin ?? [mapDefaults.centre.lat, mapDefaults.centre.lng];

  const pick = (place: Place) => {
    setAddress(place.label);
    setPin([round(place.latitude), round(place.longitude)]);
    setError(null);
  };

  const lookUp = async (point: LatLng) => {
    setPin([round(point[0]), round(point[1])]);
    setError(null);
    try {
      const found = await reverseGeocode(point[0], point[1]);
      setAddress(found.address);
    } catch (failure) {
      toast((failure as Error).message, 'error');
    }
  };

  const locate = () => {
    if (!('geolocation' in navigator)) {
      toast('Please allow location sharing', 'error');
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      async (position) => {
        await lookUp([position.coords.latitude, position.coords.longitude]);
        setLocating(false);
      },
      () => {
        setLocating(false);
        toast('Please allow location sharing', 'error');
      },
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  };

  const save = async () => {
    const text = address.trim();
    if (text.length < addressMinLength) {
      setError(messages.addressTooShort);
      return;
    }
    if (!pin || !insidePhilippines(pin)) {
      setError(pin ? messages.addressOutsidePhilippines : 'Please pin your delivery location on the map.');
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const result = await saveAddress({ address: text, latitude: pin[0], longitude: pin[1] });
      storeUser(result.user);
      // The header shows the saved browsing address first: make it the new one.
      localStorage.setItem(localKeys.globalAddress, text);
      localStorage.setItem(localKeys.globalCoordinates, JSON.stringify({ lat: pin[0], lng: pin[1] }));
      toast(messages.addressChanged, 'success');
      onSaved(result.user);
    } catch (failure) {
      const message = failure instanceof ApiError ? failure.message : messages.serverError;
      setError(message);
      toast(message, 'error');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="md">
      <AddressPicker value={address} onChange={setAddress} onPick={pick} onLocate={locate} locating={locating} />
      <Text size="xs" c="dimmed" mt={-8}>
        Search for your barangay or city, then drag the pin to your exact gate. You may add the street and house number
        to the address.
      </Text>
      <MapView
        label="Map of your delivery location"
        center={centre}
        zoom={pin ? mapDefaults.addressZoom : 11}
        height={mapHeight ?? (phone ? 300 : 420)}
        markers={[
          {
            id: 'delivery-pin',
            position: centre,
            title: 'Your delivery location (drag to move)',
            variant: 'pin',
            draggable: true,
            onDragEnd: (point) => void lookUp(point),
          },
        ]}
        onMapClick={(point) => void lookUp(point)}
      />
      {error ? (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        {onCancel ? (
          <Button variant="default" onClick={onCancel}>
            CANCEL
          </Button>
        ) : null}
        <Button onClick={() => void save()} loading={saving} miw={140}>
          SAVE
        </Button>
      </Group>
    </Stack>
  );
}
