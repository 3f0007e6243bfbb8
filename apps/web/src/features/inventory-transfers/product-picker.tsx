import { Select, Stack, TextInput } from '@mantine/core';
import { TRANSFER_SEARCH_MIN, type TransferProduct } from '@tibay/contract';
import { useTransferProducts } from './api.ts';

/**
 * A search box and a select for one product of a seller (spec 3 §2.4, §5): the search asks the server only after
 * 3 characters and a chosen seller; the chosen product stays a choice while the search changes.
 */
export function ProductPicker({
  side,
  row,
  sellerId,
  query,
  onQuery,
  value,
  onChange,
}: {
  side: 'Source' | 'Target';
  row: number;
  sellerId: number | null;
  query: string;
  onQuery: (query: string) => void;
  value: TransferProduct | null;
  onChange: (product: TransferProduct | null) => void;
}) {
  const found = useTransferProducts(sellerId, query);
  const ready = sellerId !== null && query.trim().length >= TRANSFER_SEARCH_MIN;
  const options = [...(value ? [value] : []), ...(found.data?.results ?? []).filter((p) => p.id !== value?.id)];
  const hint =
    sellerId === null
      ? `Choose the ${side.toLowerCase()} seller first`
      : !ready
        ? `Type at least ${TRANSFER_SEARCH_MIN} characters`
        : found.isFetching
          ? 'Searching...'
          : found.isError
            ? found.error.message
            : `${found.data?.results.length ?? 0} found`;
  return (
    <Stack gap={4}>
      <TextInput
        label={`Search ${side.toLowerCase()} product (row ${row})`}
        placeholder="Product name"
        disabled={sellerId === null}
        value={query}
        maxLength={100}
        description={hint}
        onChange={(event) => onQuery(event.currentTarget.value)}
      />
      <Select
        label={`${side} product (row ${row})`}
        placeholder={options.length > 0 ? 'Choose a product' : 'Search first'}
        disabled={sellerId === null}
        data={options.map((p) => ({ value: String(p.id), label: p.menu }))}
        value={value ? String(value.id) : null}
        onChange={(id) => onChange(options.find((p) => String(p.id) === id) ?? null)}
        nothingFoundMessage="No products found"
      />
    </Stack>
  );
}
