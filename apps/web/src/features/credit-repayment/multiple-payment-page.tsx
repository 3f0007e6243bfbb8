import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Container,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { type CreditOrderToPay, formatPeso2, creditRepaymentMessages as m } from '@tibay/contract';
import { useMemo, useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { PagePagination } from '../../components/page-pagination.tsx';
import { manilaTime } from '../../lib/order-labels.ts';
import { useSession } from '../../lib/session.ts';
import { type CreditOrdersFilters, useCreditOrders } from './api.ts';
import { dueLabel } from './credit-order-list.tsx';
import { ListControls } from './pay-rpaf-page.tsx';
import { PaymentModal, payableOf } from './payment-modal.tsx';

/**
 * rpaf-multiple-payment and rpaf-payment (spec 2 "Mock BuildCredit pages", made real): the buyer's credit orders
 * with a balance, sort and filter menus and pagination; choose several (rpaf-multiple-payment) or one
 * (rpaf-payment) and PAY them in one payment, split over the chosen orders. The back arrow goes to /pay-rpaf
 * (the mock's /login made no sense for a signed-in buyer).
 */
export default function MultiplePaymentPage() {
  const session = useSession();
  const location = useLocation();
  const wide = useMediaQuery('(min-width: 48em)', true) ?? true;
  const several = location.pathname.toLowerCase().includes('multiple');
  const [filters, setFilters] = useState<CreditOrdersFilters>({
    page: 1,
    pageSize: 10,
    filter: 'unpaid',
    sort: 'due_date',
    direction: 'asc',
  });
  const [chosen, setChosen] = useState<Map<number, CreditOrderToPay>>(new Map());
  const [paying, setPaying] = useState(false);
  const orders = useCreditOrders(session.token, filters);
  const selected = useMemo(() => [...chosen.values()], [chosen]);
  const total = selected.reduce((sum, order) => sum + payableOf(order), 0);

  if (!session.token) {
    return <Navigate to={`/login?returnUrl=${encodeURIComponent(location.pathname)}`} replace />;
  }
  const toggle = (order: CreditOrderToPay) =>
    setChosen((current) => {
      const next = new Map(several ? current : []);
      if (current.has(order.order_id)) next.delete(order.order_id);
      else next.set(order.order_id, order);
      return next;
    });
  const list = orders.data?.response ?? [];

  return (
    <Container size="lg" py="md">
      <Stack gap="md">
        <Group gap="xs">
          <ActionIcon
            component={Link}
            to="/pay-rpaf"
            variant="subtle"
            size="lg"
            aria-label="Back to BuildCredit payment"
          >
            <IconArrowLeft size={20} aria-hidden />
          </ActionIcon>
          <Title order={1} size="h2">
            {several ? 'Pay several BuildCredit orders' : 'Pay a BuildCredit order'}
          </Title>
        </Group>
        <ListControls filters={filters} onChange={setFilters} />
        {orders.isPending ? (
          <Stack gap="xs" aria-label="Loading...">
            <Skeleton h={40} />
            <Skeleton h={40} />
          </Stack>
        ) : orders.isError ? (
          <Alert color="red" role="alert" title="Something went wrong">
            {orders.error.message}
          </Alert>
        ) : !orders.data.line ? (
          <Text c="dimmed" ta="center" py="lg">
            {m.noLine}
          </Text>
        ) : list.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg">
            No BuildCredit orders to show.
          </Text>
        ) : !wide ? (
          <Stack gap="xs">
            {list.map((order) => (
              <Paper key={order.order_id} withBorder p="sm" radius="md">
                <Checkbox
                  aria-label={`Choose ${order.reference_no}`}
                  checked={chosen.has(order.order_id)}
                  disabled={payableOf(order) <= 0}
                  onChange={() => toggle(order)}
                  label={
                    <Stack gap={2}>
                      <Text fw={700} style={{ wordBreak: 'break-all' }}>
                        {order.reference_no}
                      </Text>
                      <Text size="sm">
                        To pay <b>{formatPeso2(payableOf(order))}</b> · Due date: {dueLabel(order)}
                        {order.overdue ? (
                          <Text span c="red.9" fw={700} ml={6}>
                            Overdue
                          </Text>
                        ) : null}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {manilaTime(order.encode_date)}
                      </Text>
                    </Stack>
                  }
                />
              </Paper>
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Choose</Table.Th>
                  <Table.Th>Reference</Table.Th>
                  <Table.Th>Encode date</Table.Th>
                  <Table.Th ta="right">To pay</Table.Th>
                  <Table.Th>Due date</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((order) => (
                  <Table.Tr key={order.order_id}>
                    <Table.Td>
                      <Checkbox
                        aria-label={`Choose ${order.reference_no}`}
                        checked={chosen.has(order.order_id)}
                        disabled={payableOf(order) <= 0}
                        onChange={() => toggle(order)}
                      />
                    </Table.Td>
                    <Table.Td fw={600}>{order.reference_no}</Table.Td>
                    <Table.Td>{manilaTime(order.encode_date)}</Table.Td>
                    <Table.Td ta="right">{formatPeso2(payableOf(order))}</Table.Td>
                    <Table.Td>
                      {dueLabel(order)}
                      {order.overdue ? (
                        <Text span c="red.9" fw={700} ml={6}>
                          Overdue
                        </Text>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {orders.data && orders.data.totalPages > 1 ? (
          <PagePagination
            page={filters.page}
            totalPages={orders.data.totalPages}
            onChange={(page) => setFilters({ ...filters, page })}
          />
        ) : null}
        <Paper withBorder p="sm" radius="md">
          <Group justify="space-between" wrap="wrap">
            <Text>
              {selected.length} chosen · <b>{formatPeso2(total)}</b>
            </Text>
            <Button onClick={() => setPaying(true)} disabled={selected.length === 0}>
              {several ? 'PAY' : 'PAY NOW'}
            </Button>
          </Group>
        </Paper>
      </Stack>
      <PaymentModal
        orders={selected}
        opened={paying}
        onClose={() => setPaying(false)}
        onPaid={() => setChosen(new Map())}
      />
    </Container>
  );
}
