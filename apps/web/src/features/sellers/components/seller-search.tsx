import { ActionIcon, Autocomplete, type OptionsFilter } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { useSellerSuggestions } from '../api/sellers.ts';

const keepAll: OptionsFilter = ({ options }) => options;

/** The seller keyword box: seller names from /sellers/search after a 300 ms pause; Enter or the button searches. */
export function SellerSearch({
  value,
  onChange,
  onSearch,
}: {
  value: string;
  onChange: (value: string) => void;
  onSearch: (keyword: string) => void;
}) {
  const [debounced] = useDebouncedValue(value, 300);
  const suggestions = useSellerSuggestions(debounced);
  const names = [...new Set((suggestions.data ?? []).map((seller) => seller.name))];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(value.trim());
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with the search role is the widely supported landmark
    <form role="search" aria-label="Sellers" onSubmit={submit} style={{ flex: '1 1 260px', minWidth: 0 }}>
      <Autocomplete
        label="Search sellers"
        placeholder="Seller name"
        value={value}
        onChange={onChange}
        data={value.trim() ? names : []}
        filter={keepAll}
        limit={10}
        onOptionSubmit={(name) => onSearch(name)}
        rightSectionPointerEvents="all"
        rightSection={
          <ActionIcon type="submit" variant="filled" aria-label="Search sellers">
            <IconSearch size={16} aria-hidden />
          </ActionIcon>
        }
      />
    </form>
  );
}
