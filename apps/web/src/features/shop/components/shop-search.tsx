import { ActionIcon, Autocomplete, type OptionsFilter } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { useShopSuggestions } from '../api/shop.ts';

const keepAll: OptionsFilter = ({ options }) => options;

/** The shop's keyword box: product names of this shop after a 300 ms pause; Enter or the button searches. */
export function ShopSearch({
  handle,
  value,
  onChange,
  onSearch,
}: {
  handle: string;
  value: string;
  onChange: (value: string) => void;
  onSearch: (keyword: string) => void;
}) {
  const [debounced] = useDebouncedValue(value, 300);
  const suggestions = useShopSuggestions(handle, debounced);
  const names = [...new Set((suggestions.data ?? []).map((item) => item.name))];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(value.trim());
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with the search role is the widely supported landmark
    <form role="search" aria-label="This shop" onSubmit={submit} style={{ flex: 1, minWidth: 220, maxWidth: 420 }}>
      <Autocomplete
        label="Search this shop"
        placeholder="Product name"
        value={value}
        onChange={onChange}
        data={value.trim() ? names : []}
        filter={keepAll}
        limit={10}
        onOptionSubmit={(name) => onSearch(name)}
        rightSectionPointerEvents="all"
        rightSection={
          <ActionIcon type="submit" variant="filled" aria-label="Search this shop">
            <IconSearch size={16} aria-hidden />
          </ActionIcon>
        }
      />
    </form>
  );
}
