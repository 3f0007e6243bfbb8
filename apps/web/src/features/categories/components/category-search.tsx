import { useDebouncedValue } from '@mantine/hooks';
import { SuggestSearch } from '../../../components/suggest-search.tsx';
import { useCategorySuggestions } from '../api.ts';

/** The category's keyword box: product names of this category after a 300 ms pause. */
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
  return (
    <SuggestSearch
      label="Search this category"
      landmark="This category"
      placeholder={categoryName ? `Search ${categoryName} products` : 'Product name'}
      value={value}
      onChange={onChange}
      onSearch={onSearch}
      names={(suggestions.data ?? []).map((item) => item.name)}
      style={{ flex: 1, minWidth: 220, maxWidth: 420 }}
    />
  );
}
