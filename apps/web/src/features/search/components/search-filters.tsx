import { Button, Divider, Radio, Stack } from '@mantine/core';
import type { SearchResponse } from '@tibay/contract';
import { useState } from 'react';
import type { SearchFilters } from '../api.ts';
import { PriceFilter } from './price-filter.tsx';

type Facets = SearchResponse['facets'];

interface Choice {
  value: string;
  label: string;
}

/** Choices listed before "Show all": a long list grows in place instead of scrolling inside the drawer. */
const collapsedChoices = 8;

/** One exclusive choice: a labelled radio group; a long one shows its first choices (and the chosen one). */
function ChoiceGroup({
  label,
  value,
  choices,
  onChange,
}: {
  label: string;
  value: string;
  choices: Choice[];
  onChange: (value: string) => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const long = choices.length > collapsedChoices;
  const shown =
    expanded || !long ? choices : choices.filter((choice, index) => index < collapsedChoices || choice.value === value);
  return (
    <Stack gap={4} align="flex-start">
      <Radio.Group
        label={label}
        value={value}
        onChange={onChange}
        styles={{ root: { width: '100%' }, label: { fontWeight: 700, textTransform: 'uppercase', marginBottom: 8 } }}
      >
        <Stack gap={8} py={2}>
          {shown.map((choice) => (
            <Radio key={choice.value || 'all'} value={choice.value} label={choice.label} size="sm" />
          ))}
        </Stack>
      </Radio.Group>
      {long ? (
        <Button
          variant="subtle"
          size="compact-sm"
          px={0}
          aria-expanded={expanded}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded
            ? `Show fewer ${label.toLowerCase()} choices`
            : `Show all ${choices.length} ${label.toLowerCase()} choices`}
        </Button>
      ) : null}
    </Stack>
  );
}

const availabilityChoices: Choice[] = [
  { value: 'inStock', label: 'In stock' },
  { value: 'outOfStock', label: 'Out of stock' },
];
const deliveryChoices: Choice[] = [
  { value: 'all', label: 'All delivery options' },
  { value: 'hardware_shipping', label: 'Hardware shipping' },
  { value: 'pickup', label: 'Pick-up' },
  { value: 'courier', label: 'Courier delivery' },
];
const locationChoices: Choice[] = [
  { value: 'all', label: 'All locations' },
  { value: 'near', label: 'Near me' },
];

/**
 * The search sidebar (spec 1 "Search results"): price, category, seller, brand, availability, delivery option
 * and location. Category, seller and brand come from the result's facets; a chosen value stays listed.
 */
export function SearchFiltersPanel({
  filters,
  facets,
  onChange,
}: {
  filters: SearchFilters;
  facets: Facets | undefined;
  onChange: (changes: Partial<SearchFilters>) => void;
}) {
  const categories: Choice[] = [
    { value: '', label: 'All categories' },
    ...(facets?.categories ?? []).map((entry) => ({
      value: String(entry.category_id),
      label: `${entry.product_category} (${entry.count})`,
    })),
  ];
  const sellers: Choice[] = [
    { value: '', label: 'All sellers' },
    ...(facets?.sellers ?? []).map((entry) => ({ value: String(entry.id), label: `${entry.name} (${entry.count})` })),
  ];
  const brands: Choice[] = [
    { value: '', label: 'All brands' },
    ...(facets?.brands ?? []).map((entry) => ({ value: entry.brand, label: `${entry.brand} (${entry.count})` })),
  ];
  // A chosen value the facets no longer list (e.g. after another filter) stays selectable.
  if (filters.category && !categories.some((choice) => choice.value === filters.category)) {
    categories.push({ value: filters.category, label: 'Chosen category' });
  }
  if (filters.seller && !sellers.some((choice) => choice.value === filters.seller)) {
    sellers.push({ value: filters.seller, label: 'Chosen seller' });
  }
  if (filters.brand && !brands.some((choice) => choice.value === filters.brand)) {
    brands.push({ value: filters.brand, label: filters.brand });
  }

  return (
    <Stack gap="md">
      <PriceFilter
        min={filters.priceMin}
        max={filters.priceMax}
        onApply={(priceMin, priceMax) => onChange({ priceMin, priceMax })}
      />
      <Divider />
      <ChoiceGroup
        label="Category"
        value={filters.category}
        choices={categories}
        onChange={(category) => onChange({ category })}
      />
      <Divider />
      <ChoiceGroup
        label="Seller"
        value={filters.seller}
        choices={sellers}
        onChange={(seller) => onChange({ seller })}
      />
      <Divider />
      <ChoiceGroup label="Brand" value={filters.brand} choices={brands} onChange={(brand) => onChange({ brand })} />
      <Divider />
      <ChoiceGroup
        label="Availability"
        value={filters.availability}
        choices={availabilityChoices}
        onChange={(availability) => onChange({ availability: availability as SearchFilters['availability'] })}
      />
      <Divider />
      <ChoiceGroup
        label="Delivery option"
        value={filters.deliveryOption}
        choices={deliveryChoices}
        onChange={(deliveryOption) => onChange({ deliveryOption: deliveryOption as SearchFilters['deliveryOption'] })}
      />
      <Divider />
      <ChoiceGroup
        label="Location"
        value={filters.location}
        choices={locationChoices}
        onChange={(location) => onChange({ location: location as SearchFilters['location'] })}
      />
    </Stack>
  );
}
