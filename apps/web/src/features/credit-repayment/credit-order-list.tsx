import { ActionIcon, Badge, Box, Button, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconFileDownload } from '@tabler/icons-react';
import {
  type CreditOrderPayment,
  type CreditOrderToPay,
  formatPeso2,
  creditRepaymentMessages as m,
} from '@tibay/contract';
import { Fragment, useState } from 'react';
import { dayLabel, manilaTime, paymentLabel } from '../../lib/order-labels.ts';
import { toast } from '../../lib/toast.ts';
import { downloadTrustReceipt } from './api.ts';
import { payableOf } from './payment-modal.tsx';

/** A repayment status's badge colour (the buyer's list and the admin queue). */
export const paymentStatusColour: Record<CreditOrderPayment['status'], string> = {
  pending: 'yellow',
  paid: 'green',
  rejected: 'red',
  failed: 'red',
  cancelled: 'gray',
  expired: 'gray',
};

const paymentStatusLabel: Record<CreditOrderPayment['status'], string> = {
  pending: 'Waiting for verification',
  paid: 'Paid',
  rejected: 'Rejected',
  failed: 'Failed',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

export function dueLabel(order: CreditOrderToPay) {
  return order.due_date ? dayLabel(order.due_date) : m.noDate;
}

function Payments({ order }: { order: CreditOrderToPay }) {
  if (order.payments.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No payments yet.
      </Text>
    );
  }
  return (
    <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {order.payments.map((payment) => (
        <Group key={payment.reference_no} component="li" gap="sm" wrap="wrap">
          <Text size="sm" fw={600}>
            {payment.reference_no}
          </Text>
          <Text size="sm">{payment.method === 'online' ? 'ONLINE PAYMENT' : 'BANK TRANSFER'}</Text>
          <Text size="sm">{formatPeso2(payment.amount_paid)}</Text>
          <Text size="sm" c="dimmed">
            {manilaTime(payment.paid_at ?? payment.created_at)}
          </Text>
          <Badge color={paymentStatusColour[payment.status]} variant="light">
            {paymentStatusLabel[payment.status]}
          </Badge>
        </Group>
      ))}
    </Stack>
  );
}

async function receipt(reference: string) {
  try {
    await downloadTrustReceipt(reference);
  } catch (error) {
    toast((error as Error).message, 'error');
  }
}

function Actions({ order, hidePay, onPay }: { order: CreditOrderToPay; hidePay: boolean; onPay: () => void }) {
  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      {!hidePay && payableOf(order) > 0 ? (
        <Button size="xs" onClick={onPay} aria-label={`Pay Now ${order.reference_no}`}>
          Pay Now
        </Button>
      ) : null}
      <ActionIcon
        variant="default"
        size="lg"
        onClick={() => void receipt(order.reference_no)}
        aria-label={`Download the trust receipt of ${order.reference_no}`}
      >
        <IconFileDownload size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

function Overdue({ order }: { order: CreditOrderToPay }) {
  return order.overdue ? (
    <Badge color="red" variant="filled" ml={6}>
      Overdue
    </Badge>
  ) : null;
}

/**
 * The credit orders (spec 2 §3 "BuildCredit order to pay"): a table on wide screens, cards on phones; each
 * expands to its payments.
 */
export function CreditOrderList({
  orders,
  hidePayFor,
  onPay,
  wide,
}: {
  orders: CreditOrderToPay[];
  hidePayFor: Set<number>;
  onPay: (order: CreditOrderToPay) => void;
  wide: boolean;
}) {
  const [open, setOpen] = useState<Set<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const expander = (order: CreditOrderToPay) => (
    <ActionIcon
      variant="subtle"
      onClick={() => toggle(order.order_id)}
      aria-expanded={open.has(order.order_id)}
      aria-label={`Payments of ${order.reference_no}`}
    >
      {open.has(order.order_id) ? (
        <IconChevronDown size={18} aria-hidden />
      ) : (
        <IconChevronRight size={18} aria-hidden />
      )}
    </ActionIcon>
  );

  if (!wide) {
    return (
      <Stack gap="sm">
        {orders.map((order) => (
          <Paper
            key={order.order_id}
            withBorder
            p="sm"
            radius="md"
            component="article"
            aria-label={`Order ${order.reference_no}`}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Box miw={0}>
                <Text fw={700} style={{ wordBreak: 'break-all' }}>
                  {order.reference_no}
                  <Overdue order={order} />
                </Text>
                <Text size="xs" c="dimmed">
                  {manilaTime(order.encode_date)} · {order.status}
                </Text>
              </Box>
              {expander(order)}
            </Group>
            <Group gap="md" mt="xs" wrap="wrap">
              <Text size="sm">
                Remaining: <b>{formatPeso2(order.remaining_balance)}</b>
              </Text>
              <Text size="sm">Total: {formatPeso2(order.total_amount)}</Text>
              <Text size="sm">Due: {dueLabel(order)}</Text>
            </Group>
            <Text size="xs" c="dimmed">
              {paymentLabel(order.payment_method)}
            </Text>
            {open.has(order.order_id) ? (
              <Box mt="xs">
                <Payments order={order} />
              </Box>
            ) : null}
            <Box mt="xs">
              <Actions order={order} hidePay={hidePayFor.has(order.order_id)} onPay={() => onPay(order)} />
            </Box>
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <Table striped highlightOnHover verticalSpacing="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>
            <VisuallyHidden>Payments</VisuallyHidden>
          </Table.Th>
          <Table.Th>Reference</Table.Th>
          <Table.Th>Encode date</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Payment method</Table.Th>
          <Table.Th ta="right">Remaining balance</Table.Th>
          <Table.Th ta="right">Total</Table.Th>
          <Table.Th>Due date</Table.Th>
          <Table.Th>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {orders.map((order) => (
          <Fragment key={order.order_id}>
            <Table.Tr>
              <Table.Td>{expander(order)}</Table.Td>
              <Table.Td fw={600}>{order.reference_no}</Table.Td>
              <Table.Td>{manilaTime(order.encode_date)}</Table.Td>
              <Table.Td>{order.status}</Table.Td>
              <Table.Td>{paymentLabel(order.payment_method)}</Table.Td>
              <Table.Td ta="right" fw={600}>
                {formatPeso2(order.remaining_balance)}
              </Table.Td>
              <Table.Td ta="right">{formatPeso2(order.total_amount)}</Table.Td>
              <Table.Td>
                {dueLabel(order)}
                <Overdue order={order} />
              </Table.Td>
              <Table.Td>
                <Actions order={order} hidePay={hidePayFor.has(order.order_id)} onPay={() => onPay(order)} />
              </Table.Td>
            </Table.Tr>
            {open.has(order.order_id) ? (
              <Table.Tr>
                <Table.Td />
                <Table.Td colSpan={8}>
                  <Payments order={order} />
                </Table.Td>
              </Table.Tr>
            ) : null}
          </Fragment>
        ))}
      </Table.Tbody>
    </Table>
  );
}
