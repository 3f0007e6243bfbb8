import { ReviewQueue, useReviewQueue } from '../../components/review-queue.tsx';
import { manilaTime } from '../../lib/order-labels.ts';
import { type RegistrationFilters, useRegistrations } from './api.ts';
import { RegistrationDialog, RegistrationStatusBadge } from './registration-dialog.tsx';

const statusChoices: { value: RegistrationFilters['status']; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
];

/** /admin-v2/seller-registrations: the queue (oldest pending first); open one to approve or reject it. */
export default function RegistrationsPage() {
  const queue = useReviewQueue<RegistrationFilters['status']>('pending');
  const { status, page } = queue.filters;
  const registrations = useRegistrations({ status, page });
  return (
    <ReviewQueue
      title="Seller registrations"
      intro="Companies that signed up as sellers. Check each one's logo, details, rates and location, then approve or reject it."
      listLabel="Seller registrations"
      state={queue}
      statusChoices={statusChoices}
      rows={registrations}
      empty={status === 'pending' ? 'No registrations are waiting for approval.' : 'No registrations here.'}
      tableMinWidth={640}
      columns={[
        { header: 'Company', cell: (row) => row.company_name },
        { header: 'Owner', cell: (row) => row.owner },
        { header: 'Email', cell: (row) => row.email, wrap: 'anywhere' },
        { header: 'Status', cell: (row) => <RegistrationStatusBadge status={row.status} /> },
        { header: 'Registered', cell: (row) => manilaTime(row.created_at), wrap: 'nowrap' },
      ]}
      card={(row) => ({
        title: row.company_name,
        detail: `${row.owner} · ${row.email}`,
        meta: `Registered ${manilaTime(row.created_at)}`,
      })}
      badge={(row) => <RegistrationStatusBadge status={row.status} />}
      nameOf={(row) => row.company_name}
      dialog={<RegistrationDialog id={queue.openId} onClose={queue.close} />}
    />
  );
}
