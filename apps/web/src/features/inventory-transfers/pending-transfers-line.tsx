import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { usePendingTransfersCount } from './api.ts';

/** For the dashboard's pending approvals: the inventory transfers waiting, with a link to their approvals. */
export function PendingTransfersLine() {
  const summary = usePendingTransfersCount();
  return (
    <Group justify="space-between">
      <Anchor component={Link} to="/admin-v2/inventory/approvals">
        Inventory transfers to approve
      </Anchor>
      <Text fw={700}>{summary.data ? summary.data.pending_transfers : summary.isError ? '—' : '…'}</Text>
    </Group>
  );
}
