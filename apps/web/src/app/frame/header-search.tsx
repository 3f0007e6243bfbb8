import { ActionIcon, TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { messages } from '@tibay/contract';
import { type FormEvent, lazy, type Ref, type RefCallback, useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Deferred } from '../../components/deferred.tsx';

const SuggestingSearchField = lazy(() => import('./header-search-suggestions.tsx'));

/** The search field itself (without suggestions): shared by the first paint and the suggesting version. */
export function SearchField({ ref, ...props }: TextInputProps & { ref?: Ref<HTMLInputElement> }) {
  return (
    <TextInput
      ref={ref}
      placeholder={messages.searchPlaceholder}
      // A small caption over the field, like the address button's "Deliver to".
      label="Search products and sellers"
      size="md"
      radius="sm"
      styles={{
        label: {
          fontSize: 11,
          fontWeight: 400,
          lineHeight: 1.2,
          color: 'var(--mantine-color-slate-3)',
          marginBottom: 3,
        },
        input: { paddingRight: 52, fontSize: 14 },
      }}
      rightSectionWidth={48}
      rightSection={
        <ActionIcon type="submit" size={36} variant="filled" color="brand" aria-label="Search">
          <IconSearch size={18} aria-hidden />
        </ActionIcon>
      }
      {...props}
    />
  );
}

/** Where the caret was in the first-paint field when the suggesting one replaced it (null: it had no focus). */
export type CaretHandOver = { start: number; end: number } | null;

/**
 * The header search box: suggestions after a 300 ms pause, Enter or the button goes to /search?q= (spec 1 Header).
 * The suggestion dropdown's code loads after the first paint (or when the field is first used). Nothing typed
 * meanwhile is lost: the text lives here, the first-paint field stays until that code is in (Deferred), and the
 * suggesting field takes over its focus and caret in the same commit that replaces it.
 */
export function HeaderSearch() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const caret = useRef<CaretHandOver>(null);

  // Runs as the first-paint field leaves the page (a ref's cleanup runs before the element is removed), so the
  // focus and caret it had are known to its successor.
  const handOverCaret: RefCallback<HTMLInputElement> = useCallback((input: HTMLInputElement | null) => {
    if (!input) return;
    return () => {
      caret.current =
        document.activeElement === input
          ? { start: input.selectionStart ?? input.value.length, end: input.selectionEnd ?? input.value.length }
          : null;
    };
  }, []);

  const search = (event?: FormEvent) => {
    event?.preventDefault();
    const query = text.trim();
    if (!query) return;
    navigate(`/search?q=${encodeURIComponent(query)}`);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with the search role is the widely supported landmark
    <form role="search" onSubmit={search} style={{ flex: 1, minWidth: 0 }}>
      <Deferred
        fallback={(request) => (
          <SearchField
            ref={handOverCaret}
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              request();
            }}
            onFocus={request}
          />
        )}
      >
        {() => <SuggestingSearchField text={text} onTextChange={setText} caretHandOver={caret} />}
      </Deferred>
    </form>
  );
}
