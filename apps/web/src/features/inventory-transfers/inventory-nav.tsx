import { Button, Group } from '@mantine/core';
import { Link, useLocation } from 'react-router';

/** The inventory pages, one click apart (inside /admin-v2 and at the spec's paths alike). */
const pages = [
  { to: '/admin-v2/inventory', also: '/inventory-report', label: 'Inventory report' },
  { to: '/admin-v2/inventory/transfers', also: '/inventory-transfer', label: 'Transfers' },
  { to: '/admin-v2/inventory/approvals', also: '/inventory-approval', label: 'Transfer approvals' },
  { to: '/admin-v2/inventory/bad-stock', also: '/bad-stock-transfer', label: 'Bad stock' },
] as const;

export function InventoryNav() {
  const { pathname } = useLocation();
  return (
    <Group gap="xs" component="nav" aria-label="Inventory pages">
      {pages.map((page) => {
        const current = pathname === page.to || pathname === page.also;
        return (
          <Button
            key={page.to}
            component={Link}
            to={page.to}
            size="xs"
            variant={current ? 'filled' : 'light'}
            aria-current={current ? 'page' : undefined}
          >
            {page.label}
          </Button>
        );
      })}
    </Group>
  );
}
