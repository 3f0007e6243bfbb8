import { Avatar, Box, Button, Container, Group, Image, Paper, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import {
  formatPeso,
  messages,
  type OrderFilter,
  type OrderSummary,
  orderFilterLabels,
  orderFilters,
} from '@tibay/contract';
import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { OrderStatusBadge } from '../../components/order-status-badge.tsx';
import { PageBanner } from '../../components/page-banner.tsx';
import { PagePagination } from '../../components/page-pagination.tsx';
import { formatDateTime, statusLabel } from '../../lib/order-format.ts';
import { useSession } from '../../lib/session.ts';
import { useOrderHistory } from './api.ts';
import { OrderAgainModal } from './order-again-modal.tsx';
import { OrderDetailModal } from './order-detail-modal.tsx';

function filterOf(value: string | null): OrderFilter {
  const upper = (value ?? '').trim().toUpperCase();
  return (orderFilters as readonly string[]).includes(upper) ? (upper as OrderFilter) : 'ALL';
}

function productLine(product: OrderSummary['first_product']): string {
  const detail = [product.variation_name, product.sub_variation_name].filter(Boolean).join(' / ');
  return detail ? `${product.name} (${detail})` : product.name;
}

function OrderCard({ order, onDetails, onAgain }: { order: OrderSummary; onDetails: () => void; onAgain: () => void }) {
  const product = order.first_product;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="article"
      aria-label={`Order ${order.reference}`}
    >
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Avatar src={order.seller.logo} alt={`${order.seller.name} logo`} radius="sm" size={40}>
            {order.seller.name.slice(0, 1)}
          </Avatar>
          <Box miw={0}>
            <Text fw={700} truncate>
              {order.seller.name}
            </Text>
            <Text size="xs" c="dimmed">
              Ordered {formatDateTime(order.ordered_at)}
            </Text>
          </Box>
        </Group>
        <OrderStatusBadge status={order.status} size="lg" radius="sm">
          {statusLabel(order.status)}
        </OrderStatusBadge>
      </Group>
      <Text size="sm" fw={600} mt="sm" c="brand.7" style={{ wordBreak: 'break-all' }}>
        TRACKING ORDER: #{order.reference}
      </Text>
      <Group mt="sm" gap="md" wrap="nowrap" align="flex-start">
        <Image
          src={product.photo}
          alt=""
          w={64}
          h={64}
          radius="sm"
          fit="cover"
          fallbackSrc="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='64' height='64'%3E%3Crect width='64' height='64' fill='%23e9ecef'/%3E%3C/svg%3E"
        />
        <Box miw={0} style={{ flex: 1 }}>
          <Text fw={600} lineClamp={2}>
            {productLine(product)}
          </Text>
          <Group gap="lg" mt={4}>
            <Text size="sm">
              Price: <b>{formatPeso(product.unit_price)}</b> / {product.selling_unit}
            </Text>
            <Text size="sm">
              Quantity: <b>{product.quantity}</b>
            </Text>
          </Group>
          {order.item_count > 1 ? (
            <Text size="xs" c="dimmed" mt={2}>
              and {order.item_count - 1} more item{order.item_count > 2 ? 's' : ''}
            </Text>
          ) : null}
        </Box>
      </Group>
      <Group justify="space-between" mt="md" gap="xs" wrap="wrap">
        <Text size="sm">
          Order total: <b>{formatPeso(order.total)}</b>
        </Text>
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={onDetails}>
            CHECK FULL DETAILS
          </Button>
          <Button size="xs" onClick={onAgain}>
            ORDER AGAIN
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/** /Order?filter= (spec 2 "Order history (MY ORDERS)"): the signed-in customer's orders, 10 a page. */
export default function OrdersPage() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params.get('filter'));
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 350);
  const [page, setPage] = useState(1);
  const [detailOf, setDetailOf] = useState<string | null>(null);
  const [againOf, setAgainOf] = useState<string | null>(null);
  const history = useOrderHistory(session.token, filter, q, page);
  // The spec: order fetch failures are only logged, nothing is shown (spec 2 §8).
  useEffect(() => {
    if (history.error) console.error('Order history could not be loaded:', history.error);
  }, [history.error]);

  if (!session.token)
    return <Navigate to={`/login?returnUrl=${encodeURIComponent(`/Order?filter=${filter}`)}`} replace />;

  const chooseFilter = (value: string | null) => {
    setPage(1);
    setParams({ filter: filterOf(value) }, { replace: true });
  };
  const data = history.data;
  const pagination = (label: string) =>
    data && data.totalPages > 1 ? (
      <PagePagination page={page} totalPages={data.totalPages} onChange={setPage} label={label} />
    ) : null;

  const panel = (
    <Stack gap="md">
      <TextInput
        label="Search orders"
        placeholder={messages.searchOrders}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        maw={{ sm: 420 }}
      />
      {pagination('Pagination (top)')}
      {history.isPending ? (
        <Text ta="center" c="dimmed" py="xl">
          Loading...
        </Text>
      ) : history.isError ? null : data && data.items.length === 0 ? (
        <Text ta="center" c="dimmed" py="xl">
          {messages.noOrderFound}
        </Text>
      ) : (
        <Stack gap="sm" aria-busy={history.isFetching} style={{ opacity: history.isPlaceholderData ? 0.6 : 1 }}>
          {data?.items.map((order) => (
            <OrderCard
              key={order.reference}
              order={order}
              onDetails={() => setDetailOf(order.reference)}
              onAgain={() => setAgainOf(order.reference)}
            />
          ))}
        </Stack>
      )}
      {pagination('Pagination (bottom)')}
    </Stack>
  );

  return (
    <>
      <PageBanner
        title="MY ORDERS"
        subtitle="Follow your orders, see their details, review what you bought and order again."
      />
      <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <Tabs value={filter} onChange={chooseFilter} variant="pills" radius="sm" activateTabWithKeyboard>
            {/* The tabs wrap onto a second line on a phone: every status stays in view (no hidden scroll). */}
            <Tabs.List aria-label="Order status" style={{ flexWrap: 'wrap', rowGap: 6 }}>
              {orderFilters.map((value) => (
                <Tabs.Tab key={value} value={value} fw={600} fz="xs" style={{ whiteSpace: 'nowrap' }}>
                  {orderFilterLabels[value]}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {orderFilters.map((value) => (
              <Tabs.Panel key={value} value={value} pt="md">
                {value === filter ? panel : null}
              </Tabs.Panel>
            ))}
          </Tabs>
        </Stack>
      </Container>
      <OrderDetailModal reference={detailOf} onClose={() => setDetailOf(null)} />
      <OrderAgainModal reference={againOf} onClose={() => setAgainOf(null)} />
    </>
  );
}
