import { ReviewQueue, useReviewQueue } from '../../components/review-queue.tsx';
import { manilaTime } from '../../lib/order-labels.ts';
import { type ProfileReviewFilters, useProfilesToReview } from './api.ts';
import { ProfileDialog, ProfileStatusBadge } from './profile-dialog.tsx';

const statusChoices: { value: ProfileReviewFilters['status']; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'verified', label: 'Verified' },
];

/**
 * /admin-v2/profiles: customers whose face capture, signature or BIR 2303 are on record, pending first (newest
 * update first). Opening one shows the files; VERIFY marks the profile VERIFIED (decision 0032).
 */
export default function ProfileReviewPage() {
  const queue = useReviewQueue<ProfileReviewFilters['status']>('all');
  const profiles = useProfilesToReview(queue.filters);
  const { q, status } = queue.filters;
  return (
    <ReviewQueue
      title="Profiles"
      intro="Check each customer's face capture, signature and BIR 2303, then mark the profile VERIFIED."
      listLabel="Profiles"
      state={queue}
      statusChoices={statusChoices}
      searchPlaceholder="Name or email"
      rows={profiles}
      empty={
        q
          ? 'No profiles match your search.'
          : status === 'verified'
            ? 'No profiles are verified yet.'
            : 'No profiles are waiting for review.'
      }
      tableMinWidth={640}
      columns={[
        { header: 'Name', cell: (row) => row.name },
        { header: 'Email', cell: (row) => row.email, wrap: 'anywhere' },
        { header: 'User type', cell: (row) => row.type },
        { header: 'Status', cell: (row) => <ProfileStatusBadge status={row.verification_status} /> },
        { header: 'Updated', cell: (row) => manilaTime(row.updated_at), wrap: 'nowrap' },
      ]}
      card={(row) => ({
        title: row.name,
        detail: row.email,
        meta: `${row.type} · updated ${manilaTime(row.updated_at)}`,
      })}
      badge={(row) => <ProfileStatusBadge status={row.verification_status} />}
      nameOf={(row) => row.name}
      dialog={<ProfileDialog id={queue.openId} onClose={queue.close} />}
    />
  );
}
