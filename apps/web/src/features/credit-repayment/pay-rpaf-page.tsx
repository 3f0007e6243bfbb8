import { Alert, Button, Container, Group, NativeSelect, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  type CreditOrdersQuery,
  type CreditOrderToPay,
  formatPeso2,
  creditRepaymentMessages as m,
} from '@tibay/contract';
import { useEffect, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { PageBanner } from '../../components/page-banner.tsx';
import { PagePagination } from '../../components/page-pagination.tsx';
import { useSession } from '../../lib/session.ts';
import { type CreditOrdersFilters, useCreditOrders } from './api.ts';
import { CreditOrderList } from './credit-order-list.tsx';
import { PaymentModal } from './payment-modal.tsx';

const filterChoices = [
  { value: 'all', label: 'All orders' },
  { value: 'unpaid', label: 'With a balance' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'paid', label: 'Fully paid' },
];
const sortChoices = [
  { value: 'encode_date:desc', label: 'Newest first' },
  { value: 'encode_date:asc', label: 'Oldest first' },
  { value: 'due_date:asc', label: 'Due date, soonest first' },
  { value: 'remaining_balance:desc', label: 'Remaining balance, highest first' },
];

/** The sort and filter menus (shared with rpaf-multiple-payment). */
export function ListControls({
  filters,
  onChange,
}: {
  filters: CreditOrdersFilters;
  onChange: (next: CreditOrdersFilters) => void;
}) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <NativeSelect
        label="Filter"
        data={filterChoices}
        value={filters.filter}
        onChange={(event) =>
          onChange({ ...filters, page: 1, filter: event.currentTarget.value as CreditOrdersQuery['filter'] })
        }
      />
      <NativeSelect
        label="Sort"
        data={sortChoices}
        value={`${filters.sort}:${filters.direction}`}
        onChange={(event) => {
          const [sort, direction] = event.currentTarget.value.split(':') as [
            CreditOrdersQuery['sort'],
            CreditOrdersQuery['direction'],
          ];
          onChange({ ...filters, page: 1, sort, direction });
        }}
      />
    </Group>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700}>{value}</Text>
    </Paper>
  );
}

/**
 * /pay-rpaf (spec 2 "Pay BuildCredit"): the buyer's BuildCredit orders, each expandable to its payments, with
 * Pay Now and the payment method modal (BANK TRANSFER or ONLINE PAYMENT). While an online payment is open in the
 * gateway's tab the list is read every 3 s, so it shows 'Payment Successful' once the webhook settled it.
 */
export default function PayRpafPage() {
  const session = useSession();
  const wide = useMediaQuery('(min-width: 62em)', true) ?? true;
  const [params, setParams] = useSearchParams();
  const [filters, setFilters] = useState<CreditOrdersFilters>({
    page: 1,
    pageSize: 10,
    filter: 'all',
    sort: 'encode_date',
    direction: 'desc',
  });
  const [paying, setPaying] = useState<CreditOrderToPay | null>(null);
  const [hidePayFor, setHidePayFor] = useState<Set<number>>(new Set());
  const [waitingOnline, setWaitingOnline] = useState<Set<number>>(new Set());
  const [onlineDone, setOnlineDone] = useState(false);
  const orders = useCreditOrders(session.token, filters);
  const returnedPaid = params.get('paid');

  // Waiting for the gateway: read the list again every 3 s until the orders' online payments are paid.
  const refetch = orders.refetch;
  useEffect(() => {
    if (waitingOnline.size === 0 && !returnedPaid) return;
    const timer = setInterval(() => void refetch(), 3000);
    return () => clearInterval(timer);
  }, [waitingOnline, returnedPaid, refetch]);
  useEffect(() => {
    const list = orders.data?.response ?? [];
    const paidOnline = list.some(
      (order) =>
        (waitingOnline.has(order.order_id) || returnedPaid) &&
        order.payments.some(
          (payment) =>
            payment.method === 'online' &&
            payment.status === 'paid' &&
            (!returnedPaid || payment.reference_no === returnedPaid),
        ),
    );
    if (paidOnline) {
      setOnlineDone(true);
      setWaitingOnline(new Set());
      if (returnedPaid) setParams({}, { replace: true });
    }
  }, [orders.data, waitingOnline, returnedPaid, setParams]);

  if (!session.token) return <Navigate to={`/login?returnUrl=${encodeURIComponent('/pay-rpaf')}`} replace />;

  const data = orders.data;
  const line = data?.line;
  return (
    <>
      <PageBanner title="Pay BuildCredit" subtitle="BUILDCREDIT PAYMENT" />
      <Container size="xl" py="md">
        <Stack gap="md">
          {onlineDone ? (
            <Alert
              color="green"
              title={m.paymentSuccessful}
              role="alert"
              withCloseButton
              onClose={() => setOnlineDone(false)}
            >
              Your online payment was received and your available credit is restored.
            </Alert>
          ) : null}
          {line ? (
            <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
              <Figure label="Approved credit limit" value={formatPeso2(line.approved_credit_limit)} />
              <Figure label="Used credit" value={formatPeso2(line.used_credit_limit)} />
              <Figure label="Available credit" value={formatPeso2(line.current_bal)} />
              <Figure label="Credit terms" value={`${line.credit_terms} days from delivery`} />
            </SimpleGrid>
          ) : null}
          {line?.overdue ? (
            <Alert color="red" title="Overdue orders">
              Some orders are past their due date. Pay them to keep ordering with BuildCredit.
            </Alert>
          ) : null}
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <ListControls filters={filters} onChange={setFilters} />
            <Button component={Link} to="/rpaf-multiple-payment" variant="outline">
              PAY SEVERAL ORDERS
            </Button>
          </Group>
          {orders.isPending ? (
            <Stack gap="xs" aria-label="Loading...">
              <Skeleton h={48} />
              <Skeleton h={48} />
              <Skeleton h={48} />
            </Stack>
          ) : orders.isError ? (
            <Alert color="red" role="alert" title="Something went wrong">
              {orders.error.message}
              <Button mt="sm" size="xs" variant="default" onClick={() => void orders.refetch()}>
                Try again
              </Button>
            </Alert>
          ) : !line ? (
            <Text c="dimmed" ta="center" py="lg">
              {m.noLine}
            </Text>
          ) : data.response.length === 0 ? (
            <Text c="dimmed" ta="center" py="lg">
              No BuildCredit orders to show.
            </Text>
          ) : (
            <CreditOrderList orders={data.response} hidePayFor={hidePayFor} onPay={setPaying} wide={wide} />
          )}
          {data && data.totalPages > 1 ? (
            <PagePagination
              page={filters.page}
              totalPages={data.totalPages}
              onChange={(page) => setFilters({ ...filters, page })}
            />
          ) : null}
        </Stack>
      </Container>
      <PaymentModal
        orders={paying ? [paying] : []}
        opened={paying !== null}
        onClose={() => setPaying(null)}
        onPaid={(ids, online) => {
          setHidePayFor((current) => new Set([...current, ...ids]));
          if (online) setWaitingOnline((current) => new Set([...current, ...ids]));
        }}
      />
    </>
  );
}
