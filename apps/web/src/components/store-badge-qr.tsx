import { Popover, Stack, Text } from '@mantine/core';
import type { ReactElement } from 'react';

/** A store badge with its QR code popover (lazily loaded by StoreBadges). */
export default function StoreBadgeQr({
  opened,
  qr,
  storeName,
  anchor,
}: {
  opened: boolean;
  qr: string | null;
  storeName: string;
  anchor: ReactElement;
}) {
  return (
    <Popover opened={opened} position="top" withArrow shadow="md" withinPortal>
      <Popover.Target>{anchor}</Popover.Target>
      <Popover.Dropdown p="xs" style={{ pointerEvents: 'none' }}>
        <Stack gap={4} align="center">
          {qr ? (
            <img src={qr} alt={`QR code for the Tibay app on ${storeName}`} width={144} height={144} />
          ) : (
            <div style={{ width: 144, height: 144 }} />
          )}
          <Text size="xs" c="dimmed" ta="center">
            Scan to get the app on {storeName}
          </Text>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
