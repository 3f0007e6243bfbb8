import { Group, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { formatPeso, orderStatuses } from '@tibay/contract';
import { StaffOrderList, useOrderListParams } from '../../components/staff-order-list.tsx';
import { paymentLabel } from '../../lib/order-labels.ts';
import { type OrderStatusFilter, useSellerOrders } from './api.ts';

/** /seller-center/orders: the shop's orders, by status and search, newest first. */
export default function OrdersPage() {
  const { params, page, update } = useOrderListParams();
  // The URL's value goes to the server as is: an unknown one is answered with the server's message.
  const status = (params.get('status') ?? 'ALL') as OrderStatusFilter;
  const q = params.get('q') ?? '';
  const [debouncedQ] = useDebouncedValue(q, 300);
  const orders = useSellerOrders(status, debouncedQ, page);

  return (
    <StaffOrderList
      title="Orders"
      filters={
        <Group align="end" wrap="wrap" gap="md">
          <Select
            label="Status"
            data={['ALL', ...orderStatuses].map((value) => ({ value, label: value === 'ALL' ? 'All' : value }))}
            value={status}
            onChange={(value) => update({ status: value && value !== 'ALL' ? value : '', page: '' })}
            allowDeselect={false}
            w={{ base: '100%', sm: 220 }}
          />
          <TextInput
            label="Search orders"
            placeholder="Order id or buyer name"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={q}
            onChange={(event) => update({ q: event.currentTarget.value, page: '' })}
            w={{ base: '100%', sm: 320 }}
          />
        </Group>
      }
      orders={orders}
      page={page}
      onPage={(target) => update({ page: String(target) })}
      href={(reference) => `/seller-center/orders/${reference}`}
      columns={[
        { header: 'Buyer', cell: (order) => order.buyer_name },
        { header: 'Payment', cell: (order) => paymentLabel(order.payment_method) },
        { header: 'Items', right: true, cell: (order) => order.items },
        { header: 'Total', right: true, cell: (order) => formatPeso(order.total) },
      ]}
      cardSummary={(order) => order.buyer_name}
      money={formatPeso}
    />
  );
}
