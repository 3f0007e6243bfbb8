import { useDebouncedValue } from '@mantine/hooks';
import { SuggestSearch } from '../../../components/suggest-search.tsx';
import { useShopSuggestions } from '../api.ts';

/** The shop's keyword box: product names of this shop after a 300 ms pause. */
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
  return (
    <SuggestSearch
      label="Search this shop"
      landmark="This shop"
      placeholder="Product name"
      value={value}
      onChange={onChange}
      onSearch={onSearch}
      names={(suggestions.data ?? []).map((item) => item.name)}
      style={{ flex: 1, minWidth: 220, maxWidth: 420 }}
    />
  );
}
