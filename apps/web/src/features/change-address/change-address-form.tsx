import { Alert, Button, Group, Stack } from '@mantine/core';
import { addressMinLength, type Customer, messages, philippineBounds } from '@tibay/contract';
import { useState } from 'react';
import { LocationPicker, type PickedLocation } from '../../components/location-picker.tsx';
import type { LatLng } from '../../components/map-view.tsx';
import { ApiError } from '../../lib/api.ts';
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
  const hasPin = initial?.latitude != null && initial.longitude != null;
  const [location, setLocation] = useState<PickedLocation>({
    address: initial?.address ?? '',
    pin: hasPin ? [initial.latitude!, initial.longitude!] : null,
  });
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    const text = location.address.trim();
    const { pin } = location;
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
      <LocationPicker
        value={location}
        onChange={(next) => {
          setLocation(next);
          setError(null);
        }}
        hint="Search for your barangay or city, then drag the pin to your exact gate. You may add the street and house number to the address."
        mapLabel="Map of your delivery location"
        pinTitle="Your delivery location (drag to move)"
        mapHeight={mapHeight}
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
