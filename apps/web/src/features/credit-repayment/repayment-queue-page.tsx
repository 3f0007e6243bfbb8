import {
  Alert,
  Badge,
  Button,
  Group,
  Image,
  Modal,
  NativeSelect,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  type AdminRepayment,
  type AdminRepaymentQuery,
  formatPeso2,
  creditRepaymentMessages as m,
} from '@tibay/contract';
import { useEffect, useState } from 'react';
import { PagePagination } from '../../components/page-pagination.tsx';
import { ApiError } from '../../lib/api.ts';
import { manilaTime } from '../../lib/order-labels.ts';
import { toast } from '../../lib/toast.ts';
import { useAdminProof, useAdminRepayments, useDecideRepayment } from './api.ts';
import { paymentStatusColour } from './credit-order-list.tsx';

const statusChoices = [
  { value: 'pending', label: 'Waiting for verification' },
  { value: 'paid', label: 'Paid' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
];
const colours = paymentStatusColour;

function Proof({ id }: { id: number }) {
  const proof = useAdminProof(id);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!proof.data) return;
    const next = URL.createObjectURL(proof.data);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [proof.data]);
  if (proof.isPending) return <Skeleton h={200} />;
  if (proof.isError || !url) return <Text c="red.9">The proof could not be loaded.</Text>;
  return <Image src={url} alt="Proof of payment" mah={360} fit="contain" radius="sm" />;
}

/** OPEN's name says which payment and which orders it pays. */
function openLabel(payment: AdminRepayment) {
  return `Open ${payment.reference_no} for ${payment.orders.map((order) => order.reference_no).join(', ')}`;
}

/** One payment: its details and proof, VERIFY or REJECT (with a reason), each after a confirmation. */
function ReviewDialog({ payment, onClose }: { payment: AdminRepayment; onClose: () => void }) {
  const decide = useDecideRepayment();
  const [confirm, setConfirm] = useState<'verify' | 'reject' | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    setError(null);
    if (confirm === 'reject' && !reason.trim()) return setError('Please give a reason.');
    try {
      const answer = await decide.mutateAsync({
        id: payment.id,
        decision: confirm === 'verify' ? { decision: 'verify' } : { decision: 'reject', reason: reason.trim() },
      });
      toast(
        answer.changed ? (confirm === 'verify' ? m.verified : m.rejected) : m.alreadySettled,
        answer.changed ? 'success' : 'info',
      );
      onClose();
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      setError(caught.message);
    }
  };
  return (
    <Modal opened onClose={onClose} title={`Payment ${payment.reference_no}`} centered size="lg">
      <Stack gap="sm">
        <Text size="sm">
          {payment.customer_name} ({payment.customer_email}) · {formatPeso2(payment.amount_paid)} ·{' '}
          {payment.method === 'online' ? 'ONLINE PAYMENT' : 'BANK TRANSFER'} · {manilaTime(payment.created_at)}
        </Text>
        <Text size="sm">
          For: {payment.orders.map((order) => `${order.reference_no} (${formatPeso2(order.amount)})`).join(', ')}
        </Text>
        {payment.has_proof ? <Proof id={payment.id} /> : null}
        {payment.status !== 'pending' ? (
          <Alert color={colours[payment.status]}>
            {payment.status === 'paid' ? 'Verified' : 'Decided'}{' '}
            {payment.verified_by ? `by ${payment.verified_by}` : ''} {manilaTime(payment.verified_at)}
            {payment.reject_reason ? ` — ${payment.reject_reason}` : ''}
          </Alert>
        ) : confirm ? (
          <Paper withBorder p="sm">
            <Text size="sm" mb="xs">
              {confirm === 'verify'
                ? `Verify ${formatPeso2(payment.amount_paid)}? The buyer's available credit goes up by this amount.`
                : 'Reject this payment? The buyer keeps owing the amount.'}
            </Text>
            {confirm === 'reject' ? (
              <Textarea
                label="Reason"
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value)}
                maxLength={500}
              />
            ) : null}
            {error ? (
              <Text c="red.9" size="sm" role="alert" mt="xs">
                {error}
              </Text>
            ) : null}
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={() => setConfirm(null)}>
                Cancel
              </Button>
              <Button color={confirm === 'verify' ? 'green.9' : 'red.8'} onClick={submit} loading={decide.isPending}>
                {confirm === 'verify' ? 'Yes, verify' : 'Yes, reject'}
              </Button>
            </Group>
          </Paper>
        ) : payment.method === 'bank_transfer' ? (
          <Group justify="flex-end">
            <Button variant="outline" color="red.8" onClick={() => setConfirm('reject')}>
              REJECT
            </Button>
            <Button color="green.9" onClick={() => setConfirm('verify')}>
              VERIFY
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Online payments are settled by the payment gateway.
          </Text>
        )}
      </Stack>
    </Modal>
  );
}

/** /admin-v2/credit-payments: BuildCredit repayments, bank transfers waiting for verification first (decision 0039). */
export default function RepaymentQueuePage() {
  const [status, setStatus] = useState<AdminRepaymentQuery['status']>('pending');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<AdminRepayment | null>(null);
  const list = useAdminRepayments({ status, page });
  const wide = useMediaQuery('(min-width: 48em)', true) ?? true;
  return (
    <Stack gap="md" maw={1200}>
      <Title order={1} size="h2">
        Credit payments
      </Title>
      <Text size="sm">Check each bank transfer's proof, then VERIFY it to restore the buyer's available credit.</Text>
      <NativeSelect
        label="Status"
        data={statusChoices}
        value={status}
        onChange={(event) => {
          setStatus(event.currentTarget.value as AdminRepaymentQuery['status']);
          setPage(1);
        }}
        maw={280}
      />
      {list.isPending ? (
        <Stack gap="xs" aria-label="Loading...">
          <Skeleton h={40} />
          <Skeleton h={40} />
        </Stack>
      ) : list.isError ? (
        <Alert color="red" role="alert">
          {list.error.message}
        </Alert>
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          {status === 'pending' ? 'No payments are waiting for verification.' : 'No payments to show.'}
        </Text>
      ) : !wide ? (
        <Stack gap="xs">
          {list.data.items.map((payment) => (
            <Paper key={payment.id} withBorder p="sm" radius="md" component="article" aria-label={payment.reference_no}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text fw={700} style={{ wordBreak: 'break-all' }}>
                  {payment.reference_no}
                </Text>
                <Badge color={colours[payment.status]} variant="light" style={{ flexShrink: 0 }}>
                  {payment.status}
                </Badge>
              </Group>
              <Text size="sm">
                {payment.customer_name} · {formatPeso2(payment.amount_paid)} ·{' '}
                {payment.method === 'online' ? 'Online' : 'Bank transfer'}
              </Text>
              <Text size="sm" style={{ wordBreak: 'break-all' }}>
                {payment.orders.map((order) => order.reference_no).join(', ')}
              </Text>
              <Group justify="space-between" mt="xs">
                <Text size="xs" c="dimmed">
                  {manilaTime(payment.created_at)}
                </Text>
                <Button size="xs" variant="light" onClick={() => setOpen(payment)} aria-label={openLabel(payment)}>
                  OPEN
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Reference</Table.Th>
                <Table.Th>Buyer</Table.Th>
                <Table.Th>Orders</Table.Th>
                <Table.Th>Method</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>Sent</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Review</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.items.map((payment) => (
                <Table.Tr key={payment.id}>
                  <Table.Td fw={600}>{payment.reference_no}</Table.Td>
                  <Table.Td>{payment.customer_name}</Table.Td>
                  <Table.Td>{payment.orders.map((order) => order.reference_no).join(', ')}</Table.Td>
                  <Table.Td>{payment.method === 'online' ? 'Online' : 'Bank transfer'}</Table.Td>
                  <Table.Td ta="right">{formatPeso2(payment.amount_paid)}</Table.Td>
                  <Table.Td>{manilaTime(payment.created_at)}</Table.Td>
                  <Table.Td>
                    <Badge color={colours[payment.status]} variant="light">
                      {payment.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="light" onClick={() => setOpen(payment)} aria-label={openLabel(payment)}>
                      OPEN
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {list.data && list.data.totalPages > 1 ? (
        <PagePagination page={page} totalPages={list.data.totalPages} onChange={setPage} />
      ) : null}
      {open ? <ReviewDialog payment={open} onClose={() => setOpen(null)} /> : null}
    </Stack>
  );
}
