import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

/** A table wider than a phone scrolls sideways in its own region, reachable by keyboard (focusable, named). */
export function ScrollRegion({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  return (
    <Box role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      <Box miw={minWidth}>{children}</Box>
    </Box>
  );
}
