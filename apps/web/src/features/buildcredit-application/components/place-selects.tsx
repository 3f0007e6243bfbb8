import { NativeSelect } from '@mantine/core';
import { type IslandGroup, islandGroups } from '@tibay/contract';
import { usePlaces } from '../api.ts';

interface Place {
  islandGroup: IslandGroup;
  area: string;
  companyCity: string;
  companyBrgy: string;
}

/**
 * Island group -> area -> city -> barangay (spec 3 §2.2), each filling the next from the PSGC; choosing one
 * clears the ones below it.
 */
export function PlaceSelects({
  value,
  onChange,
  errors,
}: {
  value: Place;
  onChange: (next: Partial<Place>) => void;
  errors: Record<string, string>;
}) {
  const areas = usePlaces(value.islandGroup, '', '', true);
  const cities = usePlaces(value.islandGroup, value.area, '', Boolean(value.area));
  const barangays = usePlaces(value.islandGroup, value.area, value.companyCity, Boolean(value.companyCity));
  const options = (items: string[] | undefined, current: string, what: string, loading: boolean) => [
    { value: '', label: loading ? 'Loading…' : `Select ${what}` },
    ...(items ?? (current ? [current] : [])).map((item) => ({ value: item, label: item })),
  ];
  return (
    <>
      <NativeSelect
        label="Island Group"
        withAsterisk
        value={value.islandGroup}
        data={islandGroups.map((group) => ({ value: group, label: group }))}
        onChange={(event) =>
          onChange({
            islandGroup: event.currentTarget.value as IslandGroup,
            area: '',
            companyCity: '',
            companyBrgy: '',
          })
        }
      />
      <NativeSelect
        label="Area"
        withAsterisk
        value={value.area}
        error={errors.area}
        data={options(areas.data, value.area, 'area', areas.isFetching)}
        onChange={(event) => onChange({ area: event.currentTarget.value, companyCity: '', companyBrgy: '' })}
      />
      <NativeSelect
        label="City"
        withAsterisk
        value={value.companyCity}
        error={errors.companyCity}
        disabled={!value.area}
        data={options(cities.data, value.companyCity, 'city', cities.isFetching)}
        onChange={(event) => onChange({ companyCity: event.currentTarget.value, companyBrgy: '' })}
      />
      <NativeSelect
        label="Barangay"
        withAsterisk
        value={value.companyBrgy}
        error={errors.companyBrgy}
        disabled={!value.companyCity}
        data={options(barangays.data, value.companyBrgy, 'barangay', barangays.isFetching)}
        onChange={(event) => onChange({ companyBrgy: event.currentTarget.value })}
      />
    </>
  );
}
