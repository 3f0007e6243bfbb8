import { ActionIcon, Autocomplete, type OptionsFilter } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { CSSProperties, FormEvent } from 'react';

// The server already filtered and ranked the suggestions.
const keepAll: OptionsFilter = ({ options }) => options;

export interface SuggestSearchProps {
  /** The field's visible label, also the search button's name. */
  label: string;
  /** The name of the search landmark. */
  landmark: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  onSearch: (keyword: string) => void;
  /** Suggestions for the current (debounced) text. */
  names: string[];
  style?: CSSProperties;
}

/** A keyword box with server suggestions: Enter, the button or picking a suggestion searches. */
export function SuggestSearch({
  label,
  landmark,
  placeholder,
  value,
  onChange,
  onSearch,
  names,
  style,
}: SuggestSearchProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(value.trim());
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with the search role is the widely supported landmark
    <form role="search" aria-label={landmark} onSubmit={submit} style={style}>
      <Autocomplete
        label={label}
        placeholder={placeholder}
        value={value}
        onChange={onChange}
        data={value.trim() ? [...new Set(names)] : []}
        filter={keepAll}
        limit={10}
        onOptionSubmit={(name) => onSearch(name)}
        rightSectionPointerEvents="all"
        rightSection={
          <ActionIcon type="submit" variant="filled" aria-label={label}>
            <IconSearch size={16} aria-hidden />
          </ActionIcon>
        }
      />
    </form>
  );
}
