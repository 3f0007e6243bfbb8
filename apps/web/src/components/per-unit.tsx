import { Text } from '@mantine/core';

/** " / bag" after a price: the product's selling unit (issue 11 item 12), readable beside the price. */
export function PerUnit({ unit, fz = 'xs' }: { unit: string; fz?: string }) {
  return (
    <Text component="span" fz={fz} c="gray.7" fw={500} style={{ whiteSpace: 'nowrap' }}>
      {' '}
      / {unit}
    </Text>
  );
}
