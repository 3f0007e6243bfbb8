import { Stack, Text } from '@mantine/core';

/** A read-only value under its small label (summaries and review dialogs); an empty value shows a dash. */
export function LabelledValue({ label, value }: { label: string; value: string | number | null | undefined }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value === null || value === undefined || value === '' ? '—' : value}
      </Text>
    </Stack>
  );
}
