import { Alert, Stack, Title } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useLocation } from 'react-router';

/** Purchasing and Inventory belong to a later release: their pages say so plainly. */
export default function ComingPage() {
  const location = useLocation();
  const section = location.pathname.includes('inventory') ? 'Inventory' : 'Purchasing';
  return (
    <Stack gap="md" maw={800}>
      <Title order={1} size="h2">
        {section}
      </Title>
      <Alert color="gray" icon={<IconClock size={18} aria-hidden />} title="Not yet available">
        {section === 'Inventory'
          ? 'Inventory transfers, approvals, the inventory report and bad stock transfers are coming in a later release.'
          : 'Purchase order requests, approvals and purchase receives are coming in a later release.'}
      </Alert>
    </Stack>
  );
}
