import { ActionIcon, Autocomplete, type OptionsFilter } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { useCategorySuggestions } from '../api/categories.ts';

const keepAll: OptionsFilter = ({ options }) => options;

/** The category's keyword box: product names of this category after a 300 ms pause; Enter or the button searches. */
export function CategorySearch({
  categoryId,
  categoryName,
  value,
  onChange,
  onSearch,
}: {
  categoryId: number;
  categoryName: string;
  value: string;
  onChange: (value: string) => void;
  onSearch: (keyword: string) => void;
}) {
  const [debounced] = useDebouncedValue(value, 300);
  const suggestions = useCategorySuggestions(categoryId, debounced);
  const names = [...new Set((suggestions.data ?? []).map((item) => item.name))];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(value.trim());
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with the search role is the widely supported landmark
    <form role="search" aria-label="This category" onSubmit={submit} style={{ flex: 1, minWidth: 220, maxWidth: 420 }}>
      <Autocomplete
        label="Search this category"
        placeholder={categoryName ? `Search ${categoryName} products` : 'Product name'}
        value={value}
        onChange={onChange}
        data={value.trim() ? names : []}
        filter={keepAll}
        limit={10}
        onOptionSubmit={(name) => onSearch(name)}
        rightSectionPointerEvents="all"
        rightSection={
          <ActionIcon type="submit" variant="filled" aria-label="Search this category">
            <IconSearch size={16} aria-hidden />
          </ActionIcon>
        }
      />
    </form>
  );
}
