import {
  Anchor,
  Button,
  Container,
  Divider,
  Group,
  Image,
  Modal,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconExternalLink, IconHourglass } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type CheckoutResult, formatPeso, paymentMethods, shippingMethods } from '@tibay/contract';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { customerKeys } from '../../lib/customer.ts';
import { useSession } from '../../lib/session.ts';
import { checkoutKeys, fetchCheckoutByReference } from './api.ts';
import { readOrderSummary, type StoredOrder } from './checkout-storage.ts';

// The map and address search load only when the popup opens.
const ChangeAddressForm = lazy(() =>
  import('../change-address/index.ts').then((m) => ({ default: m.ChangeAddressForm })),
);

/** A QR code (data URL) of a text, generated in the browser. */
function useQrCode(text: string) {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    import('qrcode')
      .then((qr) => qr.toDataURL(text, { margin: 1, width: 160, errorCorrectionLevel: 'M' }))
      .then((url) => {
        if (!cancelled) setDataUrl(url);
      })
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [text]);
  return dataUrl;
}

/**
 * /confirmpayment?key= (spec 2 "Order complete page"): the order summary stored under the key when the order
 * was placed. A missing or unreadable key or entry goes home.
 */
export default function OrderCompletePage() {
  const [params] = useSearchParams();
  const key = params.get('key');
  const summary = useMemo(() => readOrderSummary(key), [key]);
  const session = useSession();
  const [instructionsOpen, setInstructionsOpen] = useState(false);
  const [addressOpen, setAddressOpen] = useState(false);
  const queryClient = useQueryClient();
  if (!summary) return <Navigate to="/" replace />;

  const online = summary.payMethod === 'online';
  const bank = summary.payMethod === 'bank_transfer';
  const methodLabel = paymentMethods.find((m) => m.code === summary.payMethod)?.label ?? summary.payMethod;
  const several = summary.orders.length > 1;
  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }}>
      <Stack align="center" gap={6} ta="center" mb="lg">
        <ThemeIcon size={64} radius="xl" color={online ? 'yellow' : 'green'} variant="light">
          {online ? <IconHourglass size={38} aria-hidden /> : <IconCircleCheck size={38} aria-hidden />}
        </ThemeIcon>
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
          {online ? "YOU'RE ALMOST THERE!" : 'ORDER COMPLETE'}
        </Title>
        {bank ? (
          <Text fw={700} c="brand.7">
            PLEASE WAIT FOR ORDER CONFIRMATION THROUGH EMAIL
          </Text>
        ) : null}
        <Text fz="sm" c="dimmed">
          Payment method: {methodLabel}
          {several ? ` · ${summary.orders.length} orders, one per seller` : ''}
        </Text>
      </Stack>

      <Stack gap="md">
        {summary.orders.map((order) => (
          <OrderCard key={order.ref} order={order} />
        ))}

        {several ? (
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="all-orders">
            <Text id="all-orders" fw={700} mb="xs">
              All orders
            </Text>
            <Amounts
              rows={[
                ['Items', summary.fees.items],
                ['Shipping fee', summary.fees.shipping],
                ['Voucher', -summary.fees.voucher],
                ['Grand total', summary.fees.total],
              ]}
            />
          </Paper>
        ) : null}

        <Group justify="center" gap="sm">
          {summary.instructions.length > 0 ? (
            <Button variant="outline" onClick={() => setInstructionsOpen(true)}>
              SHOW INSTRUCTION
            </Button>
          ) : null}
          {session.userId ? (
            <Button variant="outline" onClick={() => setAddressOpen(true)}>
              CHANGE DELIVERY ADDRESS
            </Button>
          ) : null}
          <Button component={Link} to="/shopbyseller?page=1">
            CONTINUE SHOPPING
          </Button>
        </Group>
        <Text ta="center" fz="sm">
          Build your next project now and pay later.{' '}
          <Anchor component={Link} to="/Buildcredit">
            Apply for BuildCredit
          </Anchor>
        </Text>
      </Stack>

      <Modal opened={instructionsOpen} onClose={() => setInstructionsOpen(false)} centered title="Payment instructions">
        <Stack gap="xs">
          {summary.instructions.map((line) => (
            <Text key={line} fz="sm">
              {line}
            </Text>
          ))}
          <Button mt="sm" onClick={() => setInstructionsOpen(false)}>
            OK
          </Button>
        </Stack>
      </Modal>

      <Modal
        opened={addressOpen}
        onClose={() => setAddressOpen(false)}
        centered
        title="Change delivery address"
        size="lg"
      >
        <Suspense fallback={<Skeleton h={320} />}>
          {addressOpen ? (
            <ChangeAddressForm
              initial={
                session.user
                  ? {
                      address: session.user.address,
                      latitude: session.user.latitude,
                      longitude: session.user.longitude,
                    }
                  : null
              }
              onSaved={() => {
                setAddressOpen(false);
                void queryClient.invalidateQueries({ queryKey: customerKeys.all });
              }}
              onCancel={() => setAddressOpen(false)}
              mapHeight={280}
            />
          ) : null}
        </Suspense>
      </Modal>
    </Container>
  );
}

/** Tries to read a Lalamove share link that was not in the stored summary (about a minute, every 5 s). */
const shareLinkTries = 12;

/**
 * A Lalamove order's share link. A gateway order is booked when its payment settles, after its summary was
 * stored: then the link is read from the checkout's current answer (GET /checkouts/by-reference, owner only).
 */
function useShareLink(order: StoredOrder, signedIn: boolean): string | null {
  const missing = order.shippingType === 'lalamove' && !order.shareLink;
  const linkIn = (data: CheckoutResult | undefined) =>
    data?.orders.find((placed) => placed.reference === order.ref)?.share_link ?? null;
  const fetched = useQuery({
    queryKey: checkoutKeys.byReference(order.ref),
    queryFn: ({ signal }) => fetchCheckoutByReference(order.ref, signal),
    enabled: missing && signedIn,
    retry: false,
    refetchInterval: (query) =>
      linkIn(query.state.data) || query.state.dataUpdateCount >= shareLinkTries || query.state.error ? false : 5_000,
  });
  return order.shareLink ?? (missing ? linkIn(fetched.data) : null);
}

function OrderCard({ order }: { order: StoredOrder }) {
  const qr = useQrCode(order.ref);
  const session = useSession();
  const shareLink = useShareLink(order, Boolean(session.userId));
  const shipping = shippingMethods[order.shippingType]?.label ?? order.shippingType;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-label={`Order ${order.ref}`}>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Stack gap={6}>
          <Text fz="xs" c="dimmed" tt="uppercase">
            Order ID
          </Text>
          <Text fw={800} fz="lg" style={{ overflowWrap: 'anywhere' }}>
            {order.ref}
          </Text>
          <Divider my={4} />
          <Text fz="xs" c="dimmed" tt="uppercase">
            Seller
          </Text>
          <Text fw={600}>{order.seller.name}</Text>
          <Text fz="sm" c="dimmed">
            {order.seller.address}
          </Text>
          <Text fz="sm">
            <Text span c="dimmed" fz="sm">
              Shipping:{' '}
            </Text>
            {shipping}
          </Text>
          {order.shippingType === 'lalamove' && shareLink ? (
            <Anchor href={shareLink} target="_blank" rel="noopener noreferrer" fz="sm">
              <Group gap={4} component="span">
                Track your Lalamove delivery
                <IconExternalLink size={14} aria-hidden />
              </Group>
            </Anchor>
          ) : null}
        </Stack>
        <Stack gap="sm" align="stretch">
          <Group justify="center">
            {qr ? (
              <Image src={qr} w={140} h={140} alt={`QR code of order ${order.ref}`} />
            ) : (
              <Skeleton w={140} h={140} />
            )}
          </Group>
          <Amounts
            rows={[
              ['Items', order.subTotal],
              ['Shipping fee', order.shipping],
              ['Voucher', -order.voucher],
              ['Total', order.total],
            ]}
          />
        </Stack>
      </SimpleGrid>
    </Paper>
  );
}

function Amounts({ rows }: { rows: [string, number][] }) {
  return (
    <Stack gap={4}>
      {rows.map(([label, value], index) => {
        const last = index === rows.length - 1;
        return (
          <Group key={label} justify="space-between" gap="xs" wrap="nowrap">
            <Text fz={last ? 'md' : 'sm'} fw={last ? 700 : undefined}>
              {label}
            </Text>
            <Text fz={last ? 'md' : 'sm'} fw={last ? 800 : 500} c={last ? 'brand.7' : undefined}>
              {value < 0 ? `-${formatPeso(-value)}` : formatPeso(Math.abs(value))}
            </Text>
          </Group>
        );
      })}
    </Stack>
  );
}
