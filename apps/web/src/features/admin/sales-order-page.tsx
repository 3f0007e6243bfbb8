import { Anchor, Card, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { adminMessages, formatPeso2 } from '@tibay/contract';
import { useParams } from 'react-router';
import { DetailRow, StaffOrderDetail } from '../../components/staff-order-detail.tsx';
import { manilaTime, paymentStatusLabel } from '../../lib/order-labels.ts';
import { useAdminMoveOrder, useAdminOrder } from './api.ts';
import { RefundCard } from './refund-card.tsx';

/** /admin-v2/sales/:reference: one order with its proof of payment, and the steps an administrator may take. */
export default function SalesOrderPage() {
  const { reference = '' } = useParams();
  return (
    <StaffOrderDetail
      back={{ to: '/admin-v2/sales', label: 'Sales' }}
      maxWidth={1200}
      order={useAdminOrder(reference)}
      useMove={useAdminMoveOrder}
      movedMessage={adminMessages.orderMoved}
      money={formatPeso2}
      labelWidth={130}
      parties={{
        title: 'Buyer and seller',
        lead: (order) => (
          <>
            <DetailRow label="Buyer">
              {order.buyer_name}
              <Text size="xs" c="dimmed">
                {order.buyer_email}
              </Text>
            </DetailRow>
            <DetailRow label="Seller">{order.seller_name}</DetailRow>
            <DetailRow label="Placed">{manilaTime(order.created_at)}</DetailRow>
          </>
        ),
      }}
      paymentExtra={(order) =>
        order.payment && (
          <DetailRow label="Payment status">
            {paymentStatusLabel[order.payment.status]}
            {order.payment.paid_at ? ` · ${manilaTime(order.payment.paid_at)}` : ''}
          </DetailRow>
        )
      }
      attachments={(order) => (
        <>
          <RefundCard order={order} />
          {(order.proof_of_payment_url || order.purchase_order_url) && (
            <Card withBorder>
              <Title order={2} size="h4" mb="sm">
                Attachments
              </Title>
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
                {order.proof_of_payment_url && (
                  <Attachment title="Proof of payment" url={order.proof_of_payment_url} reference={order.reference} />
                )}
                {order.purchase_order_url && (
                  <Attachment title="Purchase order" url={order.purchase_order_url} reference={order.reference} />
                )}
              </SimpleGrid>
            </Card>
          )}
        </>
      )}
      itemsOnPhone="stacked"
      denyNotice="The buyer is emailed the reason, and the order's stock and credit are released. This cannot be undone."
    />
  );
}

function Attachment({ title, url, reference }: { title: string; url: string; reference: string }) {
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          {title}
        </Text>
        <Anchor href={url} target="_blank" rel="noreferrer" size="sm">
          <Group gap={4} wrap="nowrap">
            Open full size <IconExternalLink size={14} aria-hidden />
          </Group>
        </Anchor>
      </Group>
      <Image
        src={url}
        alt={`${title} for order ${reference}`}
        radius="sm"
        mah={360}
        fit="contain"
        bg="gray.1"
        style={{ border: '1px solid var(--mantine-color-gray-3)' }}
      />
    </Stack>
  );
}
