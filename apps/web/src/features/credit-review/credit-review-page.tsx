import { Text } from '@mantine/core';
import { ReviewQueue, useReviewQueue } from '../../components/review-queue.tsx';
import { manilaTime } from '../../lib/order-labels.ts';
import { type CreditReviewFilters, useCreditQueue } from './api.ts';
import { ApplicationDialog } from './application-dialog.tsx';
import { StatusBadge } from './status-badge.tsx';

const statusChoices: { value: CreditReviewFilters['status']; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'draft', label: 'Draft (documents asked)' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
];

const limit = (pesos: number | null) => (pesos ? `₱${pesos.toLocaleString('en-PH')}.00` : '—');
const submitted = (at: string | null) => (at ? manilaTime(at) : '—');

/**
 * /admin-v2/buildcredit: BuildCredit applications, oldest submitted first; open one to see every field and file and
 * approve (creates or raises the buyer's line), reject, or ask for more documents (decision 0038).
 */
export default function CreditReviewPage() {
  const queue = useReviewQueue<CreditReviewFilters['status']>('pending');
  const applications = useCreditQueue(queue.filters);
  return (
    <ReviewQueue
      title="BuildCredit applications"
      intro="Review submitted applications, then approve a credit line, reject, or ask for more documents."
      listLabel="BuildCredit applications"
      state={queue}
      statusChoices={statusChoices}
      searchPlaceholder="Buyer, email or company"
      rows={applications}
      empty={queue.filters.q ? 'No applications match your search.' : 'No applications here.'}
      tableMinWidth={720}
      columns={[
        { header: 'Company', cell: (row) => row.company_name || '—' },
        {
          header: 'Buyer',
          wrap: 'anywhere',
          cell: (row) => (
            <>
              {row.name}
              <Text size="xs" c="dimmed">
                {row.email}
              </Text>
            </>
          ),
        },
        { header: 'Credit limit', cell: (row) => limit(row.credit_limit), align: 'right', wrap: 'nowrap' },
        { header: 'Status', cell: (row) => <StatusBadge status={row.status} /> },
        { header: 'Submitted', cell: (row) => submitted(row.submitted_at), wrap: 'nowrap' },
      ]}
      card={(row) => ({
        title: row.company_name || row.name,
        detail: `${row.name} · ${row.email}`,
        meta: `${limit(row.credit_limit)} · submitted ${submitted(row.submitted_at)}`,
      })}
      badge={(row) => <StatusBadge status={row.status} />}
      nameOf={(row) => row.company_name || row.name}
      dialog={<ApplicationDialog id={queue.openId} onClose={queue.close} />}
    />
  );
}
