import { Anchor, Card, List, Skeleton, Text, Title } from '@mantine/core';
import { formatPeso2 } from '@tibay/contract';
import { Link } from 'react-router';
import { dayLabel } from '../../lib/order-labels.ts';
import { useAdminOverdueCredit } from './api.ts';

/** The admin dashboard's panel: BuildCredit orders past their due date with a balance left (decision 0039). */
export function OverdueCreditPanel() {
  const overdue = useAdminOverdueCredit();
  return (
    <Card withBorder component="section" aria-labelledby="overdue-credit-title">
      <Title order={2} size="h4" id="overdue-credit-title">
        Overdue BuildCredit
      </Title>
      {overdue.isPending ? (
        <Skeleton h={40} mt="sm" />
      ) : overdue.isError ? (
        <Text c="red.9" role="alert" mt="sm">
          {overdue.error.message}
        </Text>
      ) : overdue.data.count === 0 ? (
        <Text c="dimmed" mt="sm">
          No overdue BuildCredit orders.
        </Text>
      ) : (
        <>
          <Text mt="sm">
            {overdue.data.count} overdue order{overdue.data.count === 1 ? '' : 's'}, {formatPeso2(overdue.data.amount)}{' '}
            unpaid.
          </Text>
          <List size="sm" mt="xs" spacing={4}>
            {overdue.data.orders.map((order) => (
              <List.Item key={order.reference_no}>
                <Anchor component={Link} to={`/admin-v2/sales/${order.reference_no}`} fz="inherit">
                  {order.reference_no}
                </Anchor>{' '}
                · {order.customer_name} · due {dayLabel(order.due_date)} · {formatPeso2(order.remaining_balance)}
              </List.Item>
            ))}
          </List>
        </>
      )}
      <Anchor component={Link} to="/admin-v2/credit-payments" size="sm" mt="sm" display="block">
        BuildCredit payments to verify
      </Anchor>
    </Card>
  );
}
