import { Combobox, Group, Text, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBuildingStore, IconPackage } from '@tabler/icons-react';
import { SUGGESTION_MAX_LENGTH } from '@tibay/contract';
import { type RefObject, useLayoutEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useSearchSuggestions } from '../../features/search/index.ts';
import { type CaretHandOver, SearchField } from './header-search.tsx';

/** The header search field with its suggestion dropdown (lazily loaded by HeaderSearch). */
export default function SuggestingSearchField({
  text,
  onTextChange,
  caretHandOver,
}: {
  text: string;
  onTextChange: (text: string) => void;
  caretHandOver: RefObject<CaretHandOver>;
}) {
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [debounced] = useDebouncedValue(text.trim().slice(0, SUGGESTION_MAX_LENGTH), 300);
  const suggestions = useSearchSuggestions(debounced);
  const products = debounced ? (suggestions.data?.products ?? []) : [];
  const sellers = debounced ? (suggestions.data?.sellers ?? []) : [];
  const hasOptions = products.length + sellers.length > 0;

  // The first-paint field was replaced while the user was in it: take over its focus and caret in the same
  // commit (a layout effect), before the browser handles the next key press.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on mount
  useLayoutEffect(() => {
    const element = input.current;
    const caret = caretHandOver.current;
    caretHandOver.current = null;
    if (!caret || !element) return;
    element.focus();
    element.setSelectionRange(caret.start, caret.end);
    combobox.openDropdown();
  }, []);

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
    onTextChange('');
  };

  return (
    <Combobox store={combobox} onOptionSubmit={openOption} offset={4}>
      <Combobox.Target>
        <SearchField
          ref={input}
          value={text}
          onChange={(event) => {
            onTextChange(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={(event) => {
            // Enter without a highlighted suggestion submits the form (the search): close the list.
            if (event.key === 'Enter' && combobox.getSelectedOptionIndex() < 0) combobox.closeDropdown();
          }}
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
  );
}
