import { SectionNav } from '../../components/section-nav.tsx';

/** The purchasing pages, one click apart (inside /admin-v2 and at the spec's paths alike). */
const pages = [
  { to: '/admin-v2/purchasing', also: '/purchase-orders', label: 'Purchase orders' },
  { to: '/admin-v2/purchasing/approvals', also: '/purchase-order-approvals', label: 'Approvals' },
  { to: '/admin-v2/purchasing/receives', also: '/purchase-receives', label: 'Purchase receives' },
  { to: '/admin-v2/purchasing/suppliers', also: null, label: 'Suppliers' },
  { to: '/admin-v2/purchasing/warehouses', also: null, label: 'Warehouses' },
] as const;

export function PurchasingNav() {
  return <SectionNav label="Purchasing pages" pages={pages} />;
}
