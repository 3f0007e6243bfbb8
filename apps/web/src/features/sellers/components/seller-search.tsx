import { useDebouncedValue } from '@mantine/hooks';
import { SuggestSearch } from '../../../components/suggest-search.tsx';
import { useSellerSuggestions } from '../api.ts';

/** The seller keyword box: seller names from /sellers/search after a 300 ms pause. */
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
  return (
    <SuggestSearch
      label="Search sellers"
      landmark="Sellers"
      placeholder="Seller name"
      value={value}
      onChange={onChange}
      onSearch={onSearch}
      names={(suggestions.data ?? []).map((seller) => seller.name)}
      style={{ flex: '1 1 260px', minWidth: 0 }}
    />
  );
}
