import {
  Alert,
  Anchor,
  Button,
  Card,
  Divider,
  Group,
  Image,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Timeline,
  Title,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { messages, type OrderStatus, type SellerOrderDetail } from '@tibay/contract';
import { createContext, type ReactNode, useContext, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../lib/api.ts';
import type { BodyOf } from '../lib/endpoint.ts';
import type * as sellerEndpoints from '../lib/endpoints/seller.ts';
import { channelLabel, manilaTime, paymentLabel, shippingLabel, stepLabel } from '../lib/order-labels.ts';
import { toast } from '../lib/toast.ts';
import { OrderStatusBadge } from './order-status-badge.tsx';

/** What the administrator's and the seller's order detail have in common. */
export type StaffOrder = Omit<SellerOrderDetail, 'has_proof_of_payment'>;

/** Moves an order to its next status (with the reason when it is denied). */
export type MoveOrder = UseMutationResult<unknown, Error, BodyOf<typeof sellerEndpoints.moveOrder>>;

const LabelWidth = createContext(130);

/** One labelled line of a detail card; the label column is as wide as the page's StaffOrderDetail says. */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  const width = useContext(LabelWidth);
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <Text size="sm" c="dimmed" w={width} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ wordBreak: 'break-word', minWidth: 0 }}>
        {children}
      </Text>
    </Group>
  );
}

export interface StaffOrderDetailProps<O extends StaffOrder> {
  /** The list the page goes back to. */
  back: { to: string; label: string };
  maxWidth: number;
  order: UseQueryResult<O>;
  /** The hook that moves this order (called with its reference). */
  useMove: (reference: string) => MoveOrder;
  /** The toast after a move; {status} is the new status. */
  movedMessage: string;
  money: (amount: number) => string;
  labelWidth: number;
  /** The first card: its title, the lines before the recipient and the lines after it. */
  parties: { title: string; lead: (order: O) => ReactNode; afterRecipient?: (order: O) => ReactNode };
  /** Lines of the payment card after the payment method. */
  paymentExtra?: (order: O) => ReactNode;
  /** A card between the summary cards and the items. */
  attachments?: (order: O) => ReactNode;
  /**
   * The items on a phone: 'stacked' hides price and quantity below sm and shows them under the name;
   * 'columns' keeps the quantity and hides the price and the photo below xs.
   */
  itemsOnPhone: 'stacked' | 'columns';
  /** What the deny dialog tells the staff member before they deny. */
  denyNotice: string;
}

/** One order for the staff (administrator or seller): summary, items, timeline and the next steps they may take. */
export function StaffOrderDetail<O extends StaffOrder>({ back, maxWidth, order, ...view }: StaffOrderDetailProps<O>) {
  return (
    <Stack gap="md" maw={maxWidth}>
      <Anchor component={Link} to={back.to} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden /> {back.label}
        </Group>
      </Anchor>
      {order.isPending ? (
        <Loader aria-label="Loading..." />
      ) : order.isError ? (
        <Alert color="red" role="alert">
          {order.error.message}
        </Alert>
      ) : (
        <LabelWidth.Provider value={view.labelWidth}>
          <OrderView order={order.data} {...view} />
        </LabelWidth.Provider>
      )}
    </Stack>
  );
}

function OrderView<O extends StaffOrder>({
  order,
  useMove,
  movedMessage,
  money,
  parties,
  paymentExtra,
  attachments,
  itemsOnPhone,
  denyNotice,
}: Omit<StaffOrderDetailProps<O>, 'back' | 'maxWidth' | 'order' | 'labelWidth'> & { order: O }) {
  const move = useMove(order.reference);
  const [denying, setDenying] = useState(false);
  const forward = order.next.filter((to) => to !== 'Denied');

  const step = async (to: OrderStatus, reason?: string) => {
    try {
      await move.mutateAsync({ to, ...(reason ? { reason } : {}) });
      toast(movedMessage.replace('{status}', to), 'success');
      return true;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      toast(error.message, 'error');
      return false;
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm">
          <Title order={1} size="h2">
            Order {order.reference}
          </Title>
          <OrderStatusBadge status={order.status} />
        </Group>
        {order.next.length > 0 && (
          <Group gap="xs" wrap="wrap" aria-label="Next steps" role="group">
            {forward.map((to) => (
              <Button key={to} loading={move.isPending && move.variables?.to === to} onClick={() => void step(to)}>
                {stepLabel[to] ?? to}
              </Button>
            ))}
            {order.next.includes('Denied') && (
              <Button color="red" variant="outline" onClick={() => setDenying(true)}>
                DENY
              </Button>
            )}
          </Group>
        )}
      </Group>
      {order.status === 'Denied' && order.deny_reason && (
        <Alert color="red" title="Denied">
          {order.deny_reason}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            {parties.title}
          </Title>
          <Stack gap={6}>
            {parties.lead(order)}
            <DetailRow label="Recipient">
              {order.recipient_name}
              {order.recipient_phone ? ` · ${order.recipient_phone}` : ''}
            </DetailRow>
            {parties.afterRecipient?.(order)}
            <DetailRow label="Delivery address">{order.delivery_address}</DetailRow>
            <DetailRow label="Shipping">{shippingLabel(order.shipping_type)}</DetailRow>
            <DetailRow label="Schedule">{order.schedule_date}</DetailRow>
            {order.logistics_company && <DetailRow label="Logistics">{order.logistics_company}</DetailRow>}
            {order.order_instructions && <DetailRow label="Instructions">{order.order_instructions}</DetailRow>}
          </Stack>
        </Card>
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            Payment
          </Title>
          <Stack gap={6}>
            <DetailRow label="Payment method">
              {paymentLabel(order.payment_method)}
              {order.payment_channel ? ` (${channelLabel(order.payment_channel)})` : ''}
            </DetailRow>
            {paymentExtra?.(order)}
            <Divider my={4} />
            <DetailRow label="Items">{money(order.subtotal)}</DetailRow>
            <DetailRow label="Shipping fee">{money(order.shipping_fee)}</DetailRow>
            {order.voucher_discount > 0 && <DetailRow label="Voucher">−{money(order.voucher_discount)}</DetailRow>}
            <DetailRow label="Total">
              <b>{money(order.total)}</b>
            </DetailRow>
          </Stack>
        </Card>
      </SimpleGrid>
      {attachments?.(order)}
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          Items
        </Title>
        <ItemsTable items={order.items} money={money} onPhone={itemsOnPhone} />
      </Card>
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          Timeline
        </Title>
        <Timeline active={order.timeline.length - 1} bulletSize={16} lineWidth={2}>
          {order.timeline.map((event) => (
            <Timeline.Item key={`${event.status}-${event.at}`} title={event.status}>
              <Text size="xs" c="dimmed">
                {manilaTime(event.at)}
              </Text>
              {event.note && <Text size="sm">{event.note}</Text>}
            </Timeline.Item>
          ))}
        </Timeline>
      </Card>
      <DenyDialog
        opened={denying}
        onClose={() => setDenying(false)}
        busy={move.isPending}
        notice={denyNotice}
        onDeny={async (reason) => {
          if (await step('Denied', reason)) setDenying(false);
        }}
      />
    </Stack>
  );
}

function ItemsTable({
  items,
  money,
  onPhone,
}: {
  items: StaffOrder['items'];
  money: (amount: number) => string;
  onPhone: 'stacked' | 'columns';
}) {
  const stacked = onPhone === 'stacked';
  const priceFrom = stacked ? 'sm' : 'xs';
  const nowrap = stacked ? { whiteSpace: 'nowrap' as const } : undefined;
  return (
    <Table.ScrollContainer minWidth={0}>
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Product</Table.Th>
            <Table.Th ta="right" visibleFrom={priceFrom}>
              Price
            </Table.Th>
            <Table.Th ta="right" visibleFrom={stacked ? 'sm' : undefined}>
              Qty
            </Table.Th>
            <Table.Th ta="right">Subtotal</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={`${item.product_id}-${item.unit_price}`}>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  {item.photo_url && (
                    <Image
                      src={item.photo_url}
                      alt=""
                      w={40}
                      h={40}
                      radius="sm"
                      fit="cover"
                      visibleFrom={stacked ? undefined : 'xs'}
                    />
                  )}
                  <Stack gap={0}>
                    <Text size="sm" fw={600}>
                      {item.product_name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {[item.variation_name, item.sub_variation_name].filter(Boolean).join(' / ')}
                    </Text>
                    {stacked && (
                      <Text size="xs" c="dimmed" hiddenFrom="sm">
                        {money(item.unit_price)} × {item.quantity}
                      </Text>
                    )}
                  </Stack>
                </Group>
              </Table.Td>
              <Table.Td ta="right" visibleFrom={priceFrom} style={nowrap}>
                {money(item.unit_price)}
              </Table.Td>
              <Table.Td ta="right" visibleFrom={stacked ? 'sm' : undefined}>
                {item.quantity}
              </Table.Td>
              <Table.Td ta="right" style={nowrap}>
                {money(item.line_total)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function DenyDialog({
  opened,
  onClose,
  busy,
  notice,
  onDeny,
}: {
  opened: boolean;
  onClose: () => void;
  busy: boolean;
  notice: string;
  onDeny: (reason: string) => Promise<void>;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError(messages.denyReasonRequired);
      return;
    }
    await onDeny(reason.trim());
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Deny this order?" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{notice}</Text>
          <Textarea
            label="Reason"
            required
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            autosize
            minRows={2}
            maxLength={500}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              CANCEL
            </Button>
            <Button type="submit" color="red" loading={busy}>
              DENY ORDER
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
