import { ActionIcon, Combobox, Group, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBuildingStore, IconPackage, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { messages, SUGGESTION_MAX_LENGTH, type SuggestionsResponse } from '@tibay/contract';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api.ts';

/** The header search box: suggestions after a 300 ms pause, Enter or the button goes to /search?q= (spec 1 Header). */
export function HeaderSearch() {
  const navigate = useNavigate();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim().slice(0, SUGGESTION_MAX_LENGTH), 300);
  const suggestions = useQuery({
    queryKey: ['search-suggestions', debounced],
    queryFn: ({ signal }) =>
      api<SuggestionsResponse>(`/search/suggestions?q=${encodeURIComponent(debounced)}`, { signal }),
    enabled: debounced.length > 0,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const products = debounced ? (suggestions.data?.products ?? []) : [];
  const sellers = debounced ? (suggestions.data?.sellers ?? []) : [];
  const hasOptions = products.length + sellers.length > 0;

  const search = (event?: FormEvent) => {
    event?.preventDefault();
    const query = text.trim();
    if (!query) return;
    combobox.closeDropdown();
    navigate(`/search?q=${encodeURIComponent(query)}`);
  };

  const openOption = (value: string) => {
    const [kind, index] = value.split(':');
    combobox.closeDropdown();
    if (kind === 'p') {
      const product = products[Number(index)];
      if (product) navigate(`/item/${product.id}/${product.slug}`);
    } else {
      const seller = sellers[Number(index)];
      if (seller) navigate(`/shop/${seller.url_handle}`);
    }
    setText('');
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with the search role is the widely supported landmark
    <form role="search" onSubmit={search} style={{ flex: 1, minWidth: 0 }}>
      <Combobox store={combobox} onOptionSubmit={openOption} offset={4}>
        <Combobox.Target>
          <TextInput
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              combobox.openDropdown();
              combobox.updateSelectedOptionIndex();
            }}
            onFocus={() => combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
            placeholder={messages.searchPlaceholder}
            aria-label="Search products and sellers"
            size="md"
            radius="sm"
            styles={{ input: { paddingRight: 52, fontSize: 14 } }}
            rightSectionWidth={48}
            rightSection={
              <ActionIcon type="submit" size={36} variant="filled" color="brand" aria-label="Search">
                <IconSearch size={18} aria-hidden />
              </ActionIcon>
            }
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={!hasOptions || !text.trim()}>
          <Combobox.Options aria-label="Search suggestions">
            {products.length > 0 ? (
              <Combobox.Group label="Products">
                {products.map((product, index) => (
                  <Combobox.Option value={`p:${index}`} key={`p${product.id}`}>
                    <Group gap={8} wrap="nowrap">
                      <IconPackage size={16} color="var(--mantine-color-gray-6)" aria-hidden />
                      <Text size="sm" c="slate.9" truncate>
                        {product.name}
                      </Text>
                    </Group>
                  </Combobox.Option>
                ))}
              </Combobox.Group>
            ) : null}
            {sellers.length > 0 ? (
              <Combobox.Group label="Sellers">
                {sellers.map((seller, index) => (
                  <Combobox.Option value={`s:${index}`} key={`s${seller.id}`}>
                    <Group gap={8} wrap="nowrap">
                      <IconBuildingStore size={16} color="var(--mantine-color-gray-6)" aria-hidden />
                      <Text size="sm" c="slate.9" truncate>
                        {seller.name}
                      </Text>
                    </Group>
                  </Combobox.Option>
                ))}
              </Combobox.Group>
            ) : null}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
    </form>
  );
}
