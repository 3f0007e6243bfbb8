import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Container,
  Grid,
  Group,
  Loader,
  Paper,
  Radio,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowLeft, IconMapPin, IconPhone, IconUser } from '@tabler/icons-react';
import {
  type CheckoutPreviewRequest,
  type Customer,
  earliestScheduleDate,
  formatPeso,
  messages,
  minimumAddressLength,
  preselectShippingMethod,
  type ShippingQuotesResponse,
  type ShippingType,
  shippingMethods,
  shippingTypes,
} from '@tibay/contract';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { useCustomer } from '../../lib/customer.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { useCheckoutCart, useCheckoutPreview, useShippingQuotes } from './api.ts';
import { readChoices, saveChoices } from './checkout-storage.ts';
import { CompleteProfilePopup } from './complete-profile-popup.tsx';
import { OrderSummary } from './order-summary.tsx';
import { useOrderWatch } from './use-order-watch.ts';

const ScheduleDatePicker = lazy(() => import('./schedule-date-picker.tsx'));

/** Spec 2 §9: after a failed preview the checkout page goes home after 2 seconds. */
const failureRedirectMs = 2000;

/** /checkout (spec 2 "Checkout: delivery information"). */
export default function CheckoutPage() {
  const session = useSession();
  if (!session.token) return <Navigate to={`/login?returnUrl=${encodeURIComponent('/checkout')}`} replace />;
  return <CheckoutDelivery />;
}

function addressOf(customer: Customer | undefined) {
  const address = customer?.address?.trim() ?? '';
  const usable = address.length >= minimumAddressLength && customer?.latitude != null && customer?.longitude != null;
  return { address, usable };
}

function CheckoutDelivery() {
  const navigate = useNavigate();
  useOrderWatch();
  const customer = useCustomer();
  const user = customer.data;
  // The lines marked in the cart and its instructions, from the server (any tab or device sees the same cart).
  const cart = useCheckoutCart();
  const cartItemIds = useMemo(
    () => cart.data?.cart.filter((line) => line.marked && line.available).map((line) => line.id) ?? [],
    [cart.data],
  );
  const instructions = cart.data?.order_instructions ?? '';
  const saved = useMemo(() => readChoices(), []);
  const [shippingType, setShippingType] = useState<ShippingType | null>(saved?.shipping_type ?? 'standard');
  const [scheduleDate, setScheduleDate] = useState<string | null>(() => {
    const type = saved?.shipping_type ?? 'standard';
    const min = earliestScheduleDate(type);
    return saved?.schedule_date && saved.schedule_date >= min ? saved.schedule_date : min;
  });
  const { address, usable: addressUsable } = addressOf(user);
  const profileIncomplete = user !== undefined && !user.is_completed_profile;

  const quotesBody =
    user && addressUsable && cartItemIds.length > 0 && !profileIncomplete
      ? { cart_item_ids: cartItemIds, address, latitude: user.latitude ?? 0, longitude: user.longitude ?? 0 }
      : null;
  const quotes = useShippingQuotes(quotesBody);

  // A chosen method that has no quote is no choice ('Please Select Shipping Method').
  const chosenQuote = shippingType ? quotes.data?.methods[shippingType] : undefined;
  useEffect(() => {
    if (chosenQuote && !chosenQuote.available) setShippingType(null);
  }, [chosenQuote]);

  // Until the buyer chooses, the cheapest method that meets the date is chosen for them (shipping-choice.ts).
  const [buyerChose, setBuyerChose] = useState(saved !== null);
  useEffect(() => {
    if (buyerChose || !quotes.data || !scheduleDate) return;
    setShippingType(preselectShippingMethod(quotes.data.methods, scheduleDate));
  }, [buyerChose, quotes.data, scheduleDate]);

  const minDate = shippingType ? earliestScheduleDate(shippingType) : null;
  const previewBody: CheckoutPreviewRequest | null =
    quotesBody && shippingType && chosenQuote?.available && scheduleDate && minDate && scheduleDate >= minDate
      ? {
          ...quotesBody,
          shipping_type: shippingType,
          schedule_date: scheduleDate,
          order_instructions: instructions || undefined,
        }
      : null;
  const preview = useCheckoutPreview(previewBody);

  // The quotes and the preview are the same check of the order (its lines, the address): either failing is
  // the spec's failed preview.
  const failure = preview.error ?? quotes.error;
  const blockedByProfile =
    profileIncomplete || (failure instanceof ApiError && failure.message === messages.completeProfileFirst);
  // Spec 2 §7: a failed preview shows its message and goes home after 2 s.
  useEffect(() => {
    if (!failure || blockedByProfile) return;
    toast(failure.message, 'error');
    const timer = window.setTimeout(() => navigate('/'), failureRedirectMs);
    return () => window.clearTimeout(timer);
  }, [failure, blockedByProfile, navigate]);

  function chooseMethod(value: string) {
    const type = value as ShippingType;
    setBuyerChose(true);
    setShippingType(type);
    // The date is reset to the new method's earliest allowed date.
    setScheduleDate(earliestScheduleDate(type));
  }

  // Still reading what the messages below are about (the profile, the cart, the fees or the preview): a click
  // now waits and proceeds once they are in, instead of telling the buyer to choose what is already chosen.
  const loading =
    customer.isPending ||
    cart.isPending ||
    (quotesBody !== null && quotes.isPending) ||
    (previewBody !== null && (preview.isPending || preview.isPlaceholderData));
  const [proceedWhenLoaded, setProceedWhenLoaded] = useState(false);
  const failed = customer.isError || cart.isError || failure !== null;
  useEffect(() => {
    if (!proceedWhenLoaded || loading) return;
    setProceedWhenLoaded(false);
    if (!failed) proceed();
  });

  function proceed() {
    if (loading) return setProceedWhenLoaded(true);
    if (cartItemIds.length === 0) return toast(messages.cartEmpty, 'error');
    if (!user || !addressUsable) return toast(messages.selectDeliveryAddress, 'error');
    if (!shippingType || !chosenQuote?.available) return toast(messages.selectShippingMethod, 'error');
    if (!scheduleDate || (minDate && scheduleDate < minDate)) return toast(messages.scheduleTooEarly, 'error');
    if (!preview.data) return;
    saveChoices({
      cart_item_ids: cartItemIds,
      address,
      latitude: user.latitude ?? 0,
      longitude: user.longitude ?? 0,
      shipping_type: shippingType,
      schedule_date: scheduleDate,
      order_instructions: instructions || undefined,
    });
    navigate('/paymentmethod');
  }

  const changeAddressHref = user ? `/change-address/${user.id}?returnUrl=${encodeURIComponent('/checkout')}` : null;

  return (
    <Container size="xl" py="md">
      <Group gap="xs" mb="md" wrap="nowrap">
        <ActionIcon component={Link} to="/shop" variant="subtle" color="dark" size="lg" aria-label="Back to shop">
          <IconArrowLeft size={22} aria-hidden />
        </ActionIcon>
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
          DELIVERY INFORMATION
        </Title>
      </Group>
      {customer.isError ? (
        <Alert color="red" role="alert" mb="md">
          {customer.error.message}
        </Alert>
      ) : null}
      <Grid gap={{ base: 'md', md: 'xl' }}>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="deliver-to">
              <Title order={2} id="deliver-to" fz="lg" mb="sm">
                Deliver to
              </Title>
              {!user ? (
                <Stack gap="xs">
                  <Skeleton h={18} w="40%" />
                  <Skeleton h={18} w="30%" />
                  <Skeleton h={18} w="80%" />
                </Stack>
              ) : (
                <Stack gap={6}>
                  <InfoLine icon={<IconUser size={16} aria-hidden />} label="Name">
                    {user.first_name} {user.last_name}
                  </InfoLine>
                  <InfoLine icon={<IconPhone size={16} aria-hidden />} label="Phone">
                    {user.phone ?? 'No phone number'}
                  </InfoLine>
                  <InfoLine icon={<IconMapPin size={16} aria-hidden />} label="Address">
                    {address || 'No delivery address yet'}
                  </InfoLine>
                  {!addressUsable ? (
                    <Text c="red.8" fz="sm" role="alert">
                      {messages.selectDeliveryAddress}
                    </Text>
                  ) : null}
                </Stack>
              )}
              {changeAddressHref ? (
                <Button component={Link} to={changeAddressHref} variant="outline" mt="md" size="sm">
                  CHANGE MY ADDRESS
                </Button>
              ) : null}
            </Paper>

            <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section">
              <ShippingMethods
                value={shippingType}
                onChange={chooseMethod}
                quotes={quotes.data}
                loading={quotes.isFetching}
                error={blockedByProfile ? null : (quotes.error?.message ?? null)}
              />
              <Suspense fallback={<Skeleton h={58} maw={320} mt="md" />}>
                <Stack mt="md" gap={4}>
                  <ScheduleDatePicker
                    label={shippingType === 'pickup' ? 'Pick-up date' : 'Delivery date'}
                    value={scheduleDate}
                    minDate={minDate ?? earliestScheduleDate('standard')}
                    onChange={setScheduleDate}
                  />
                  {minDate ? (
                    <Text fz="xs" c="dimmed">
                      {shippingType && shippingMethods[shippingType].label} needs at least{' '}
                      {shippingType && shippingMethods[shippingType].minDays} days.
                    </Text>
                  ) : null}
                </Stack>
              </Suspense>
              {instructions ? (
                <Text fz="sm" mt="md">
                  <Text span fz="sm" fw={600}>
                    Order instructions:{' '}
                  </Text>
                  {instructions}
                </Text>
              ) : null}
            </Paper>

            <Button
              size="md"
              onClick={proceed}
              aria-busy={loading}
              rightSection={loading ? <Loader size={16} color="white" aria-hidden /> : null}
              fullWidth
            >
              PROCEED TO PAYMENT METHOD
            </Button>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          {cart.data && cartItemIds.length === 0 ? (
            <Paper withBorder radius="md" p="md">
              <Title order={2} fz="lg" mb="sm">
                Order summary
              </Title>
              <Text>{messages.cartEmpty}</Text>
              <Anchor component={Link} to="/shopbyseller?page=1" fz="sm">
                Continue shopping
              </Anchor>
            </Paper>
          ) : (
            <OrderSummary
              preview={preview.data}
              loading={customer.isPending || cart.isPending || quotes.isFetching || preview.isFetching}
              error={blockedByProfile ? null : (failure?.message ?? null)}
            />
          )}
        </Grid.Col>
      </Grid>
      {user ? <CompleteProfilePopup opened={blockedByProfile} userId={user.id} /> : null}
    </Container>
  );
}

function InfoLine({ icon, label, children }: { icon: React.ReactNode; label: string; children: React.ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text c="dimmed" mt={2} style={{ flex: 'none' }}>
        {icon}
      </Text>
      <Text fz="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        <VisuallyHidden>{label}: </VisuallyHidden>
        {children}
      </Text>
    </Group>
  );
}

function ShippingMethods({
  value,
  onChange,
  quotes,
  loading,
  error,
}: {
  value: ShippingType | null;
  onChange: (value: string) => void;
  quotes: ShippingQuotesResponse | undefined;
  loading: boolean;
  error: string | null;
}) {
  return (
    <Radio.Group
      value={value}
      onChange={onChange}
      label="Shipping method"
      labelProps={{ fz: 'lg', fw: 700, mb: 'xs' }}
      error={error}
    >
      <Stack gap="xs" mt="xs">
        {shippingTypes.map((type) => {
          const quote = quotes?.methods[type];
          const unavailable = quote ? !quote.available : false;
          const fee = quote?.available && quote.fee !== null ? formatPeso(quote.fee) : null;
          return (
            <Paper key={type} withBorder radius="sm" px="sm" py={10} bg={value === type ? 'brand.0' : undefined}>
              <Radio
                value={type}
                disabled={!quote || unavailable}
                label={
                  <Group justify="space-between" gap="xs" wrap="nowrap" w="100%">
                    <Text fz="sm" fw={600}>
                      {shippingMethods[type].label}
                    </Text>
                    <Text fz="sm" fw={600} c={unavailable ? 'red.8' : undefined} style={{ flex: 'none' }}>
                      {unavailable
                        ? (quote?.message ?? messages.shippingError)
                        : fee
                          ? fee
                          : loading
                            ? 'Getting fee…'
                            : ''}
                    </Text>
                  </Group>
                }
                description={
                  <>
                    {`At least ${shippingMethods[type].minDays} days${type === 'pickup' ? ', pick up at the seller' : ''}${quote?.vehicle ? ` · ${quote.vehicle}` : ''}`}
                    {/* Why the courier could not quote and what to choose instead (under 'Shipping Error'). */}
                    {unavailable && quote?.reason ? (
                      <Text span display="block" fz="xs" c="red.8" mt={2}>
                        {quote.reason}
                      </Text>
                    ) : null}
                  </>
                }
                styles={{ labelWrapper: { flex: 1 }, body: { alignItems: 'flex-start' } }}
              />
            </Paper>
          );
        })}
        {loading && !quotes ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text fz="xs" c="dimmed">
              Getting shipping fees…
            </Text>
          </Group>
        ) : null}
      </Stack>
    </Radio.Group>
  );
}
