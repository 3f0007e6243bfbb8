import { Badge } from '@mantine/core';
import type { CreditApplicationStatus } from '@tibay/contract';

const colors: Record<CreditApplicationStatus, string> = {
  Draft: 'gray',
  Pending: 'yellow',
  Approved: 'green',
  Rejected: 'red',
};

export function StatusBadge({ status }: { status: CreditApplicationStatus }) {
  return (
    <Badge color={colors[status]} variant="light" style={{ flexShrink: 0, overflow: 'visible' }}>
      {status}
    </Badge>
  );
}
