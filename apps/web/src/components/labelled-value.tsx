import { Stack, Text } from '@mantine/core';

/** A read-only value under its small label (summaries and review dialogs); an empty value shows a dash, line
 * breaks (a description) are kept. */
export function LabelledValue({ label, value }: { label: string; value: string | number | null | undefined }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {value === null || value === undefined || value === '' ? '—' : value}
      </Text>
    </Stack>
  );
}
