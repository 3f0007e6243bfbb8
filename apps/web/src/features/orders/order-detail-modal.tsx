import {
  Alert,
  Avatar,
  Box,
  Button,
  Divider,
  Group,
  Image,
  Modal,
  Paper,
  Rating,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  formatPeso,
  formatUnitPrice,
  messages,
  type OrderDetail,
  type OrderDetailProduct,
  reviewCommentMaxLength,
  shippingMethods,
} from '@tibay/contract';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { LimitedTextarea } from '../../components/limited-textarea.tsx';
import { OrderStatusBadge } from '../../components/order-status-badge.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatDateTime, statusLabel } from '../../lib/order-format.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { useLastShown } from '../../lib/use-last-shown.ts';
import { productKeys } from '../cart-add/index.ts';
import { ordersKeys, submitReview, useOrderDetail } from './api.ts';

/** The spec's review reload delay (spec 2 §9). */
const reviewReloadMs = 1000;

const starLabel = (value: number) => `${value} star${value === 1 ? '' : 's'}`;

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Box>
  );
}

function productName(product: Pick<OrderDetailProduct, 'name' | 'variation_name' | 'sub_variation_name'>) {
  const detail = [product.variation_name, product.sub_variation_name].filter(Boolean).join(' / ');
  return detail ? `${product.name} (${detail})` : product.name;
}

/** A product's rating and review: the stored one read-only, or stars (required) and a free comment. */
function ReviewBox({ reference, product }: { reference: string; product: OrderDetailProduct }) {
  const queryClient = useQueryClient();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const labelId = useId();
  const name = product.name;

  if (product.review) {
    return (
      <Stack gap={4}>
        <Text size="sm" fw={600} id={labelId}>
          Your rating of {name}
        </Text>
        <Rating value={product.review.rating} readOnly aria-labelledby={labelId} />
        <Text size="xs" c="dimmed">
          {product.review.rating} of 5 stars
        </Text>
        {product.review.review ? (
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {product.review.review}
          </Text>
        ) : null}
      </Stack>
    );
  }

  const submit = async () => {
    if (rating < 1) return;
    setBusy(true);
    setError(null);
    try {
      const saved = await submitReview({ product_id: product.product_id, rating, comment, reference_no: reference });
      toast(saved.message, 'success');
      // The spec reloads after 1 second: the order (and the item page's reviews) are read again.
      setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: ordersKeys.all });
        // The product's reviews changed: its detail (item page, add-to-cart popup) is read afresh.
        void queryClient.invalidateQueries({ queryKey: productKeys.all });
      }, reviewReloadMs);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : messages.serverError);
      setBusy(false);
    }
  };

  return (
    <Stack gap={6}>
      <div role="radiogroup" aria-labelledby={labelId}>
        <Text size="sm" fw={600} id={labelId}>
          Rating for {name}
        </Text>
        <Rating
          value={rating}
          onChange={setRating}
          size="lg"
          getSymbolLabel={starLabel}
          name={`rating-${product.product_id}`}
        />
      </div>
      <LimitedTextarea
        label={`Review of ${name}`}
        placeholder="Share what you think of this product (optional)"
        autosize
        minRows={2}
        maxLength={reviewCommentMaxLength}
        value={comment}
        onChange={(event) => setComment(event.currentTarget.value)}
      />
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
      <Group justify="flex-end">
        <Button size="xs" disabled={rating < 1} loading={busy} onClick={submit}>
          SUBMIT REVIEW
        </Button>
      </Group>
    </Stack>
  );
}

function DetailBody({ order }: { order: OrderDetail }) {
  // One review per product per order: lines of the same product (two variations) share one review box.
  const reviewed = new Set<number>();
  const shipping = shippingMethods[order.shipping_type]?.label ?? order.shipping_type;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Box>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Reference
          </Text>
          <Text fw={700} style={{ wordBreak: 'break-all' }}>
            {order.reference}
          </Text>
        </Box>
        <OrderStatusBadge status={order.status} size="lg" radius="sm">
          {statusLabel(order.status)}
        </OrderStatusBadge>
      </Group>
      {order.status === 'Denied' && order.deny_reason ? (
        <Alert color="red" title="This order was denied">
          {order.deny_reason}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
        <Field label="Placed on">{formatDateTime(order.ordered_at)}</Field>
        <Field label="Payment method">{order.payment_method_label}</Field>
        <Field label="Total amount">{formatPeso(order.total)}</Field>
        <Field label="Voucher amount">{formatPeso(order.voucher_discount)}</Field>
        <Field label="Subtotal">{formatPeso(order.subtotal)}</Field>
        <Field label="Shipping fee">
          {formatPeso(order.shipping_fee)} ({shipping})
        </Field>
      </SimpleGrid>
      <Field label="Delivery location">{order.delivery_location}</Field>
      <Divider label="Timeline" labelPosition="left" />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
        <Field label="Verified">{formatDateTime(order.verified_at)}</Field>
        <Field label="Preparation">{formatDateTime(order.preparation_at)}</Field>
        <Field label="Delivery">{formatDateTime(order.delivery_at)}</Field>
        <Field label={order.shipping_type === 'pickup' ? 'Received' : 'Delivered'}>
          {formatDateTime(order.delivered_at)}
        </Field>
      </SimpleGrid>
      <Divider label="Seller and logistics" labelPosition="left" />
      <Group gap="sm" wrap="nowrap">
        <Avatar src={order.seller.logo} alt={`${order.seller.name} logo`} radius="sm">
          {order.seller.name.slice(0, 1)}
        </Avatar>
        <Box miw={0} style={{ flex: 1 }}>
          <Text fw={600}>{order.seller.name}</Text>
          <Text size="xs" c="dimmed">
            {order.seller.address}
          </Text>
        </Box>
        <Button component={Link} to={`/ChatSeller?seller=${order.seller.id}`} variant="light" size="xs">
          Message seller
        </Button>
      </Group>
      <Field label="Logistics company">{order.logistics_company ?? shipping}</Field>
      <Divider label="Products" labelPosition="left" />
      <Stack gap="sm">
        {order.products.map((product) => {
          const showReview = order.can_review && !reviewed.has(product.product_id);
          reviewed.add(product.product_id);
          return (
            <Paper key={product.leaf_id} withBorder p="sm" radius="md">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <Image
                  src={product.photo}
                  alt=""
                  w={56}
                  h={56}
                  radius="sm"
                  fit="cover"
                  fallbackSrc="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='56' height='56'%3E%3Crect width='56' height='56' fill='%23e9ecef'/%3E%3C/svg%3E"
                />
                <Box miw={0} style={{ flex: 1 }}>
                  <Text fw={600} size="sm">
                    {productName(product)}
                  </Text>
                  <Group gap="md">
                    <Text size="sm">Price: {formatUnitPrice(product.unit_price, product.selling_unit)}</Text>
                    <Text size="sm">Quantity: {product.quantity}</Text>
                  </Group>
                </Box>
              </Group>
              {showReview ? (
                <Box mt="sm">
                  <ReviewBox reference={order.reference} product={product} />
                </Box>
              ) : null}
            </Paper>
          );
        })}
      </Stack>
    </Stack>
  );
}

/** The order detail modal (spec 2 §2): every field of the order, and reviews for Delivered or Received orders. */
export function OrderDetailModal({ reference, onClose }: { reference: string | null; onClose: () => void }) {
  const session = useSession();
  const detail = useOrderDetail(session.token, useLastShown(reference));
  return (
    <Modal
      opened={reference !== null}
      onClose={onClose}
      title={<Text fw={700}>ORDER DETAILS</Text>}
      size="lg"
      fullScreen={false}
      centered
    >
      {detail.isPending ? (
        <Text c="dimmed" ta="center" py="lg">
          Loading...
        </Text>
      ) : detail.isError ? (
        <Alert color="red">{detail.error.message}</Alert>
      ) : (
        <DetailBody order={detail.data} />
      )}
    </Modal>
  );
}
