import { Button, Group } from '@mantine/core';
import { Link, useLocation } from 'react-router';

/** The purchasing pages, one click apart (inside /admin-v2 and at the spec's paths alike). */
const pages = [
  { to: '/admin-v2/purchasing', also: '/purchase-orders', label: 'Purchase orders' },
  { to: '/admin-v2/purchasing/approvals', also: '/purchase-order-approvals', label: 'Approvals' },
  { to: '/admin-v2/purchasing/receives', also: '/purchase-receives', label: 'Purchase receives' },
  { to: '/admin-v2/purchasing/suppliers', also: null, label: 'Suppliers' },
  { to: '/admin-v2/purchasing/warehouses', also: null, label: 'Warehouses' },
] as const;

export function PurchasingNav() {
  const { pathname } = useLocation();
  return (
    <Group gap="xs" component="nav" aria-label="Purchasing pages">
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
