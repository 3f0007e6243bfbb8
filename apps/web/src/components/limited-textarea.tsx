import { Textarea, type TextareaProps } from '@mantine/core';

/**
 * A textarea with a length limit the writer can see: "123 / 1,000 characters" under the field, and a plain
 * sentence once the limit is reached (the browser then stops taking keystrokes and cuts pasted text).
 */
export function LimitedTextarea({
  maxLength,
  value,
  ...props
}: Omit<TextareaProps, 'maxLength' | 'value' | 'description'> & { maxLength: number; value: string }) {
  const count = value.length.toLocaleString('en-PH');
  const limit = maxLength.toLocaleString('en-PH');
  const full = value.length >= maxLength;
  return (
    <Textarea
      {...props}
      value={value}
      maxLength={maxLength}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      description={
        <span aria-live="polite">
          {count} / {limit} characters{full ? ` — the limit is ${limit} characters.` : ''}
        </span>
      }
      styles={{ description: { textAlign: 'right', marginTop: 4 } }}
    />
  );
}
