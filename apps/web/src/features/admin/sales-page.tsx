import { Button, Group, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPaperclip, IconSearch } from '@tabler/icons-react';
import { formatPeso2, orderStatuses, paymentMethods, paymentStatuses } from '@tibay/contract';
import { StaffOrderList, useOrderListParams } from '../../components/staff-order-list.tsx';
import { paymentLabel, paymentStatusLabel } from '../../lib/order-labels.ts';
import { useAdminOrders } from './api.ts';

/** /admin-v2/sales: every order of the marketplace, filtered and paged, newest first (2-decimal amounts). */
export default function SalesPage() {
  const { params, page, update, clear } = useOrderListParams();
  const status = params.get('status') ?? 'ALL';
  const paymentMethod = params.get('payment_method') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const q = params.get('q') ?? '';
  const paymentStatus = params.get('payment_status') ?? '';
  const [debouncedQ] = useDebouncedValue(q, 300);
  const orders = useAdminOrders({
    status,
    payment_method: paymentMethod,
    payment_status: paymentStatus,
    from,
    to,
    q: debouncedQ,
    page,
  });
  const filtered = status !== 'ALL' || paymentMethod || paymentStatus || from || to || q;

  return (
    <StaffOrderList
      title="Sales"
      filters={
        <>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 6 }} spacing="sm">
            <TextInput
              label="Search"
              placeholder="Order id, buyer or seller"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={q}
              onChange={(event) => update({ q: event.currentTarget.value, page: '' })}
            />
            <Select
              label="Status"
              data={['ALL', ...orderStatuses].map((value) => ({ value, label: value === 'ALL' ? 'All' : value }))}
              value={status}
              onChange={(value) => update({ status: value && value !== 'ALL' ? value : '', page: '' })}
              allowDeselect={false}
            />
            <Select
              label="Payment method"
              data={[
                { value: 'ALL', label: 'All' },
                ...paymentMethods.map((method) => ({ value: method.code, label: method.label })),
              ]}
              value={paymentMethod || 'ALL'}
              onChange={(value) => update({ payment_method: value && value !== 'ALL' ? value : '', page: '' })}
              allowDeselect={false}
            />
            <Select
              label="Payment status"
              data={[
                { value: 'ALL', label: 'All' },
                ...paymentStatuses.map((value) => ({ value, label: paymentStatusLabel[value] })),
              ]}
              value={paymentStatus || 'ALL'}
              onChange={(value) => update({ payment_status: value && value !== 'ALL' ? value : '', page: '' })}
              allowDeselect={false}
            />
            <TextInput
              label="From"
              type="date"
              value={from}
              max={to || undefined}
              onChange={(event) => update({ from: event.currentTarget.value, page: '' })}
            />
            <TextInput
              label="To"
              type="date"
              value={to}
              min={from || undefined}
              onChange={(event) => update({ to: event.currentTarget.value, page: '' })}
            />
          </SimpleGrid>
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed" aria-live="polite">
              {orders.data ? `${orders.data.totalCount} order${orders.data.totalCount === 1 ? '' : 's'}` : ' '}
            </Text>
            {filtered && (
              <Button variant="subtle" size="compact-sm" onClick={clear}>
                Clear filters
              </Button>
            )}
          </Group>
        </>
      }
      orders={orders}
      page={page}
      onPage={(target) => update({ page: String(target) })}
      href={(reference) => `/admin-v2/sales/${reference}`}
      columns={[
        {
          header: 'Buyer',
          cell: (order) => (
            <>
              <Text size="sm">{order.buyer_name}</Text>
              <Text size="xs" c="dimmed">
                {order.buyer_email}
              </Text>
            </>
          ),
        },
        { header: 'Seller', cell: (order) => order.seller_name },
        {
          header: 'Payment',
          cell: (order) => (
            <Group gap={4} wrap="nowrap">
              {paymentLabel(order.payment_method)}
              {order.has_proof && <IconPaperclip size={14} aria-label="Has proof of payment" />}
            </Group>
          ),
        },
        { header: 'Total', right: true, nowrap: true, cell: (order) => formatPeso2(order.total) },
      ]}
      cardSummary={(order) => `${order.buyer_name} · ${order.seller_name}`}
      money={formatPeso2}
      nowrapAmounts
    />
  );
}
