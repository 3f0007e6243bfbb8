import { Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { messages, type SellerOrderRow } from '@tibay/contract';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { manilaTime, paymentLabel } from '../lib/order-labels.ts';
import { ListStates } from './list-states.tsx';
import { OrderStatusBadge } from './order-status-badge.tsx';
import { PagePagination } from './page-pagination.tsx';

/** The filters of an order list in the address (?status=&q=&page=…), changed without a new history entry. */
export function useOrderListParams() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };
  const clear = () => setParams(new URLSearchParams(), { replace: true });
  return { params, page, update, clear };
}

/** What the seller center's and the back office's order rows have in common. */
type OrderRow = Pick<SellerOrderRow, 'reference' | 'status' | 'created_at' | 'payment_method' | 'total'>;

/** A column of the wide table between Placed and Status. */
export interface OrderColumn<R> {
  header: string;
  right?: boolean;
  nowrap?: boolean;
  cell: (order: R) => ReactNode;
}

export interface StaffOrderListProps<R extends OrderRow> {
  title: string;
  /** The filter fields (and whatever sits under them), above the orders. */
  filters: ReactNode;
  orders: UseQueryResult<{ items: R[]; totalPages: number }>;
  page: number;
  onPage: (page: number) => void;
  /** The order's detail page. */
  href: (reference: string) => string;
  columns: OrderColumn<R>[];
  /** The card's line under the reference on a phone. */
  cardSummary: (order: R) => ReactNode;
  money: (amount: number) => string;
  /** Keep amounts (and the card's last line) on one line. */
  nowrapAmounts?: boolean;
}

/** The staff's order list: filters, a table (cards on a phone) and the pages. */
export function StaffOrderList<R extends OrderRow>({
  title,
  filters,
  orders,
  page,
  onPage,
  href,
  columns,
  cardSummary,
  money,
  nowrapAmounts = false,
}: StaffOrderListProps<R>) {
  const reference = (order: R) => (
    <Text component={Link} to={href(order.reference)} fw={600} size="sm" c="brand.8">
      {order.reference}
    </Text>
  );
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Card withBorder>
        <Stack gap="sm">
          {filters}
          <ListStates query={orders} rowHeight={40} empty={messages.noOrderFound}>
            {(data) => (
              <>
                <Table.ScrollContainer minWidth={0} visibleFrom="sm">
                  <Table striped highlightOnHover verticalSpacing="xs">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Order</Table.Th>
                        <Table.Th>Placed</Table.Th>
                        {columns.map((column) => (
                          <Table.Th key={column.header} ta={column.right ? 'right' : undefined}>
                            {column.header}
                          </Table.Th>
                        ))}
                        <Table.Th>Status</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.items.map((order) => (
                        <Table.Tr key={order.reference}>
                          <Table.Td>{reference(order)}</Table.Td>
                          <Table.Td>{manilaTime(order.created_at)}</Table.Td>
                          {columns.map((column) => (
                            <Table.Td
                              key={column.header}
                              ta={column.right ? 'right' : undefined}
                              style={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}
                            >
                              {column.cell(order)}
                            </Table.Td>
                          ))}
                          <Table.Td>
                            <OrderStatusBadge status={order.status} />
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
                <Stack gap="xs" hiddenFrom="sm">
                  {data.items.map((order) => (
                    <Card key={order.reference} withBorder padding="sm">
                      <Group justify="space-between" wrap="nowrap">
                        {reference(order)}
                        <OrderStatusBadge status={order.status} />
                      </Group>
                      <Text size="sm">{cardSummary(order)}</Text>
                      <Group justify="space-between" wrap={nowrapAmounts ? 'nowrap' : undefined}>
                        <Text size="xs" c="dimmed">
                          {manilaTime(order.created_at)} · {paymentLabel(order.payment_method)}
                        </Text>
                        <Text size="sm" fw={600} style={nowrapAmounts ? { whiteSpace: 'nowrap' } : undefined}>
                          {money(order.total)}
                        </Text>
                      </Group>
                    </Card>
                  ))}
                </Stack>
                <PagePagination page={page} totalPages={data.totalPages} onChange={onPage} />
              </>
            )}
          </ListStates>
        </Stack>
      </Card>
    </Stack>
  );
}
