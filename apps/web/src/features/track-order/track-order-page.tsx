import {
  Alert,
  Anchor,
  Button,
  Container,
  Grid,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Timeline,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconCircleDashed, IconCircleX } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { messages, orderTimeline, type TrackedOrder } from '@tibay/contract';
import { useState } from 'react';
import { type LatLng, type MapMarker, MapView, metroManila } from '../../components/map-view.tsx';
import { OrderStatusBadge } from '../../components/order-status-badge.tsx';
import { PageBanner } from '../../components/page-banner.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatDateTime, statusLabel } from '../../lib/order-format.ts';
import { trackOrder } from './api.ts';

function point(lat: number | null, lng: number | null): LatLng | null {
  return lat === null || lng === null ? null : [lat, lng];
}

function TrackResult({ order }: { order: TrackedOrder }) {
  const seller = point(order.seller.latitude, order.seller.longitude);
  const delivery = point(order.delivery.latitude, order.delivery.longitude);
  const markers: MapMarker[] = [];
  if (seller) markers.push({ id: 'seller', position: seller, title: `Seller: ${order.seller.name}`, variant: 'shop' });
  if (delivery) markers.push({ id: 'delivery', position: delivery, title: 'Delivery location', variant: 'pin' });
  const center: LatLng =
    seller && delivery
      ? [(seller[0] + delivery[0]) / 2, (seller[1] + delivery[1]) / 2]
      : (seller ?? delivery ?? metroManila);
  const steps = orderTimeline(order);
  const denied = order.status === 'Denied';
  const active = denied ? steps.length - 1 : steps.reduce((last, step, index) => (step.done ? index : last), 0);

  return (
    <Grid gap="lg" mt="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <MapView
          label="Map of the seller and the delivery location"
          center={center}
          zoom={11}
          markers={markers}
          height={380}
        />
        <Group gap="lg" mt="xs">
          <Text size="xs">
            <b>Seller (dark pin):</b> {order.seller.name} — {order.seller.address}
          </Text>
          <Text size="xs">
            <b>Deliver to (orange pin):</b> {order.delivery.address}
          </Text>
        </Group>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Paper withBorder radius="md" p="md">
          <Group justify="space-between" mb="md" wrap="wrap" gap="xs">
            <Text fw={700} style={{ wordBreak: 'break-all' }}>
              {order.reference}
            </Text>
            <OrderStatusBadge status={order.status} size="lg" radius="sm">
              {statusLabel(order.status)}
            </OrderStatusBadge>
          </Group>
          {denied ? (
            <Alert color="red" title="DENIED" mb="md">
              This order was denied on {formatDateTime(order.denied_at)}.
            </Alert>
          ) : null}
          <Timeline
            active={active}
            bulletSize={24}
            lineWidth={2}
            color={denied ? 'red' : 'green'}
            aria-label="Order progress"
          >
            {steps.map((step) => (
              <Timeline.Item
                key={step.label}
                title={step.label}
                bullet={
                  step.label === 'Denied' ? (
                    <IconCircleX size={14} aria-hidden />
                  ) : step.done ? (
                    <IconCircleCheck size={14} aria-hidden />
                  ) : (
                    <IconCircleDashed size={14} aria-hidden />
                  )
                }
              >
                <Text size="xs" c="dimmed">
                  {step.done ? formatDateTime(step.at) : 'Not yet'}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
          {order.logistics_company ? (
            <Text size="sm" mt="md">
              Logistics: {order.logistics_company}
            </Text>
          ) : null}
          {order.courier_share_link ? (
            <Anchor href={order.courier_share_link} target="_blank" rel="noopener noreferrer" size="sm">
              Follow the courier
            </Anchor>
          ) : null}
        </Paper>
      </Grid.Col>
    </Grid>
  );
}

/** /TrackOrder (spec 2): an order found by its id and billing email; a map and the status progress. */
export default function TrackOrderPage() {
  const [orderId, setOrderId] = useState('');
  const [billingEmail, setBillingEmail] = useState('');
  const [notFound, setNotFound] = useState(false);
  const mutation = useMutation({
    mutationFn: trackOrder,
    onError: (error) => {
      if (error instanceof ApiError && error.status === 404) setNotFound(true);
    },
  });
  const serverError =
    mutation.error && !(mutation.error instanceof ApiError && mutation.error.status === 404)
      ? mutation.error instanceof ApiError && mutation.error.message
        ? mutation.error.message
        : messages.trackUnexpectedError
      : null;
  const found = mutation.data?.trackOrder[0] ?? null;

  return (
    <>
      <PageBanner title="TRACK ORDER" subtitle="Enter your order id and the email you used at checkout." />
      <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
        <Paper
          component="form"
          withBorder
          radius="md"
          p={{ base: 'md', sm: 'lg' }}
          onSubmit={(event) => {
            event.preventDefault();
            setNotFound(false);
            mutation.mutate({ orderId: orderId.trim(), billingEmail: billingEmail.trim() });
          }}
        >
          <Stack gap="sm">
            <Title order={2} fz="h4">
              Track your order
            </Title>
            <Grid gap="sm" align="flex-end">
              <Grid.Col span={{ base: 12, sm: 5 }}>
                <TextInput
                  label="Order ID"
                  placeholder="ORD20261121123456"
                  value={orderId}
                  onChange={(event) => setOrderId(event.currentTarget.value)}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <TextInput
                  label="Billing email"
                  type="email"
                  placeholder="you@example.com"
                  value={billingEmail}
                  onChange={(event) => setBillingEmail(event.currentTarget.value)}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 3 }}>
                <Button type="submit" fullWidth loading={mutation.isPending}>
                  TRACK MY ORDER
                </Button>
              </Grid.Col>
            </Grid>
          </Stack>
        </Paper>
        {mutation.isPending ? (
          <Text ta="center" c="dimmed" py="xl">
            Loading...
          </Text>
        ) : null}
        {serverError ? (
          <Alert color="red" mt="lg" role="alert">
            {serverError}
          </Alert>
        ) : null}
        {found && !mutation.isPending ? <TrackResult order={found} /> : null}
      </Container>
      <Modal
        opened={notFound}
        onClose={() => setNotFound(false)}
        title={<Text fw={700}>{messages.trackNoOrderTitle}</Text>}
        centered
      >
        <Text>{messages.trackNoOrder}</Text>
        <Group justify="flex-end" mt="md">
          <Button onClick={() => setNotFound(false)}>OK</Button>
        </Group>
      </Modal>
    </>
  );
}
