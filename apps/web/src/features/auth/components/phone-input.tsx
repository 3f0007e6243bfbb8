import { TextInput, type TextInputProps } from '@mantine/core';
import { digitsOnly } from '@tibay/contract';
import type { ChangeEvent, KeyboardEvent } from 'react';

interface PhoneInputProps extends Omit<TextInputProps, 'onChange' | 'value'> {
  value: string;
  onChange: (value: string) => void;
}

/** The phone field: accepts digit keys only (spec 1: Signup screen); anything pasted is reduced to its digits. */
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
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(digitsOnly(event.currentTarget.value))}
    />
  );
}
