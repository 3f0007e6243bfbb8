import { Tooltip } from '@mantine/core';
import type { ReactElement } from 'react';

/** A partner logo's name tooltip (lazily loaded by PartnerLogo). */
export default function PartnerTooltip({ label, children }: { label: string; children: ReactElement }) {
  return (
    <Tooltip label={label} openDelay={300}>
      {children}
    </Tooltip>
  );
}
