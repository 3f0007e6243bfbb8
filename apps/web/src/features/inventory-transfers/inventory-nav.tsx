import { SectionNav } from '../../components/section-nav.tsx';

/** The inventory pages, one click apart (inside /admin-v2 and at the spec's paths alike). */
const pages = [
  { to: '/admin-v2/inventory', also: '/inventory-report', label: 'Inventory report' },
  { to: '/admin-v2/inventory/transfers', also: '/inventory-transfer', label: 'Transfers' },
  { to: '/admin-v2/inventory/approvals', also: '/inventory-approval', label: 'Transfer approvals' },
  { to: '/admin-v2/inventory/bad-stock', also: '/bad-stock-transfer', label: 'Bad stock' },
] as const;

export function InventoryNav() {
  return <SectionNav label="Inventory pages" pages={pages} />;
}
