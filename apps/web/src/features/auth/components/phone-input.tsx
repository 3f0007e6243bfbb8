import { TextInput, type TextInputProps } from '@mantine/core';
import { phoneFieldValue } from '@tibay/contract';
import type { ChangeEvent, KeyboardEvent } from 'react';

interface PhoneInputProps extends Omit<TextInputProps, 'onChange' | 'value'> {
  value: string;
  onChange: (value: string) => void;
}

/**
 * The phone field: accepts digit keys only (spec 1: Signup screen). A pasted number is reduced to its digits, except
 * that an international `+63…` number keeps its `+` (see phoneFieldValue).
 */
export function PhoneInput({ value, onChange, ...props }: PhoneInputProps) {
  const blockNonDigits = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key.length === 1 && !/\d/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
    }
  };
  return (
    <TextInput
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      {...props}
      value={value}
      onKeyDown={blockNonDigits}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(phoneFieldValue(event.currentTarget.value))}
    />
  );
}
