import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { messages } from '@tibay/contract';
import { type FormEvent, useEffect, useState } from 'react';

/** Keeps the digits only; reports whether anything else was typed. */
function digitsOnly(value: string): { value: string; stripped: boolean } {
  return { value: value.replace(/\D+/g, '').slice(0, 9), stripped: /\D/.test(value) };
}

function PriceInput({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string;
  error: string | null;
  onChange: (value: string, stripped: boolean) => void;
}) {
  return (
    <TextInput
      label={label}
      placeholder="₱"
      inputMode="numeric"
      autoComplete="off"
      value={value}
      error={error}
      onChange={(event) => {
        const next = digitsOnly(event.currentTarget.value);
        onChange(next.value, next.stripped);
      }}
      flex={1}
      miw={0}
    />
  );
}

/**
 * Price min and max in whole pesos, digits only (spec 1 §5): other characters are stripped and
 * "Only numbers are allowed." is shown under the field. APPLY (or Enter) filters.
 */
export function PriceFilter({
  min,
  max,
  onApply,
}: {
  min: string;
  max: string;
  onApply: (min: string, max: string) => void;
}) {
  const [minText, setMinText] = useState(min);
  const [maxText, setMaxText] = useState(max);
  const [minError, setMinError] = useState<string | null>(null);
  const [maxError, setMaxError] = useState<string | null>(null);
  const [rangeError, setRangeError] = useState<string | null>(null);

  // Back and forward change the URL: show what it holds.
  useEffect(() => setMinText(min), [min]);
  useEffect(() => setMaxText(max), [max]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (minText && maxText && Number(minText) > Number(maxText)) {
      setRangeError(messages.priceRangeInvalid);
      return;
    }
    setRangeError(null);
    setMinError(null);
    setMaxError(null);
    onApply(minText, maxText);
  };

  return (
    <form onSubmit={submit} aria-label="Price">
      <Stack gap={6}>
        <Text fw={700} size="sm" tt="uppercase" id="price-filter-heading">
          Price
        </Text>
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <PriceInput
            label="Min price"
            value={minText}
            error={minError}
            onChange={(value, stripped) => {
              setMinText(value);
              // The message stays until the field is emptied or the prices are applied.
              if (stripped) setMinError(messages.onlyNumbers);
              else if (!value) setMinError(null);
              setRangeError(null);
            }}
          />
          <PriceInput
            label="Max price"
            value={maxText}
            error={maxError}
            onChange={(value, stripped) => {
              setMaxText(value);
              // The message stays until the field is emptied or the prices are applied.
              if (stripped) setMaxError(messages.onlyNumbers);
              else if (!value) setMaxError(null);
              setRangeError(null);
            }}
          />
        </Group>
        {rangeError ? (
          <Text c="red" size="xs" role="alert">
            {rangeError}
          </Text>
        ) : null}
        <Button type="submit" size="xs" variant="outline">
          Apply
        </Button>
      </Stack>
    </form>
  );
}
