import { Alert, Anchor, Divider, Group, Image, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { type CheckoutPreviewResponse, formatPeso, formatUnitPrice } from '@tibay/contract';
import { Link } from 'react-router';

interface Props {
  preview: CheckoutPreviewResponse | undefined;
  loading: boolean;
  error: string | null;
}

/** The order summary of both checkout steps: each seller's lines and fees, then the checkout's totals. */
export function OrderSummary({ preview, loading, error }: Props) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="order-summary">
      <Title order={2} id="order-summary" fz="lg" mb="sm">
        Order summary
      </Title>
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : !preview ? (
        loading ? (
          <Stack gap="sm" aria-label="Loading the order summary">
            <Skeleton h={64} />
            <Skeleton h={64} />
            <Skeleton h={96} />
          </Stack>
        ) : null
      ) : (
        <Stack gap="md">
          {preview.sellers.map((seller) => (
            <Stack key={seller.seller_id} gap="xs" component="section" aria-label={`Order from ${seller.seller_name}`}>
              <Text fw={700} tt="uppercase" fz="sm">
                {seller.seller_name}
              </Text>
              {seller.cart_items.map((line) => (
                <Group key={line.cart_item_id} gap="sm" wrap="nowrap" align="flex-start">
                  {line.photo ? (
                    <Image src={line.photo} alt="" w={56} h={56} radius="sm" fit="cover" style={{ flex: 'none' }} />
                  ) : (
                    <Paper
                      w={56}
                      h={56}
                      bg="gray.1"
                      radius="sm"
                      style={{ flex: 'none', display: 'grid', placeItems: 'center' }}
                    >
                      <IconPhoto size={22} color="var(--mantine-color-gray-5)" aria-hidden />
                    </Paper>
                  )}
                  <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                    <Anchor component={Link} to={`/item/${line.product_id}`} fz="sm" fw={600} c="dark" lineClamp={2}>
                      {line.name}
                    </Anchor>
                    <Text fz="xs" c="dimmed">
                      {formatUnitPrice(line.item_price, line.selling_unit)} × {line.quantity}
                    </Text>
                  </Stack>
                  <Text fz="sm" fw={600} style={{ flex: 'none' }}>
                    {formatPeso(line.item_total_price)}
                  </Text>
                </Group>
              ))}
              {preview.sellers.length > 1 ? (
                <Stack gap={2}>
                  <FeeRow label="Shipping fee" value={seller.shipping_fee} small />
                  {seller.voucher_discount > 0 ? (
                    <FeeRow label="Voucher" value={-seller.voucher_discount} small />
                  ) : null}
                  <FeeRow label="Seller total" value={seller.total} small strong />
                </Stack>
              ) : null}
              <Divider />
            </Stack>
          ))}
          <Stack gap={4} aria-label="Fees">
            <FeeRow label="Items" value={preview.fees.cart_items} />
            <FeeRow label="Shipping fee" value={preview.fees.shipping} />
            <FeeRow label="Voucher" value={preview.fees.voucher > 0 ? -preview.fees.voucher : 0} />
            <FeeRow label="Subtotal" value={preview.fees.subtotal} />
            <Divider my={4} />
            <FeeRow label="Grand total" value={preview.fees.grand_total} strong large />
          </Stack>
          <Text fz="xs" c="dimmed">
            Need more time to pay?{' '}
            <Anchor component={Link} to="/Buildcredit" fz="xs">
              Buy now, pay later with BuildCredit
            </Anchor>
          </Text>
        </Stack>
      )}
    </Paper>
  );
}

function FeeRow({
  label,
  value,
  strong,
  small,
  large,
}: {
  label: string;
  value: number;
  strong?: boolean;
  small?: boolean;
  large?: boolean;
}) {
  const size = large ? 'md' : small ? 'xs' : 'sm';
  const text = value < 0 ? `-${formatPeso(-value)}` : formatPeso(Math.abs(value));
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text fz={size} c={small ? 'dimmed' : undefined} fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text fz={size} fw={strong ? 800 : 500} c={large ? 'brand.7' : undefined}>
        {text}
      </Text>
    </Group>
  );
}
