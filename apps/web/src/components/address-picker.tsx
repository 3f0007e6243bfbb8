import { ActionIcon, Autocomplete, type ComboboxItem, Loader, type OptionsFilter, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCurrentLocation } from '@tabler/icons-react';
import type { Place } from '@tibay/contract';
import { useMemo, useState } from 'react';
import { usePlaceSuggestions } from '../lib/geocoding.ts';

/** The server already matched the text; show its suggestions as they are. */
const keepAll: OptionsFilter = ({ options }) => options;

export interface AddressPickerProps {
  value: string;
  onChange: (value: string) => void;
  /** A suggestion was chosen. */
  onPick: (place: Place) => void;
  onLocate: () => void;
  locating: boolean;
  /** The field's label and its message when left empty (default: the delivery address's). */
  label?: string;
  emptyMessage?: string;
}

/**
 * The delivery address field: Philippine places from /geocoding/autocomplete after a 300 ms pause, and a
 * locate-me button (browser geolocation). The field is required (spec 1 §5).
 */
export function AddressPicker({
  value,
  onChange,
  onPick,
  onLocate,
  locating,
  label = 'Delivery address',
  emptyMessage = 'Please enter your delivery address',
}: AddressPickerProps) {
  const [typed, setTyped] = useState(false);
  const [debounced] = useDebouncedValue(typed ? value : '', 300);
  const suggestions = usePlaceSuggestions(debounced);
  const places = suggestions.data ?? [];
  const byLabel = useMemo(() => new Map(places.map((place) => [place.label, place])), [places]);
  const data: ComboboxItem[] = [...byLabel.keys()].map((label) => ({ value: label, label }));

  return (
    <Autocomplete
      label={label}
      placeholder="Barangay, city or province"
      required
      value={value}
      onChange={(next) => {
        setTyped(true);
        onChange(next);
      }}
      data={data}
      filter={keepAll}
      limit={8}
      onOptionSubmit={(label) => {
        const place = byLabel.get(label);
        setTyped(false);
        if (place) onPick(place);
      }}
      error={typed && !value.trim() ? emptyMessage : undefined}
      comboboxProps={{ withinPortal: true }}
      rightSectionWidth={44}
      rightSectionPointerEvents="all"
      rightSection={
        <Tooltip label="Use my location">
          <ActionIcon variant="subtle" aria-label="Use my location" onClick={onLocate} disabled={locating}>
            {locating ? <Loader size={16} /> : <IconCurrentLocation size={20} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      }
    />
  );
}
