import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  FileInput,
  Grid,
  Group,
  Modal,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft, IconPaperclip, IconTicket } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import {
  bankTransferPayee,
  type CardBilling,
  type CheckoutPreviewResponse,
  type CheckoutResult,
  formatPeso,
  formatPeso2,
  gatewayMethods,
  messages,
  onlineChannels,
  type PaymentMethodCode,
  type PlaceOrderRequest,
  paymentInstructions,
  paymentMethods,
} from '@tibay/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { BankPromoPopup } from '../../components/bank-promo-popup.tsx';
import { ApiError } from '../../lib/api.ts';
import { cartCountEvent } from '../../lib/cart-count.ts';
import {
  type DeliveryChoices,
  finishCheckout,
  idempotencyKeyFor,
  readChoices,
  setActiveReference,
  storeOrderSummary,
} from '../../lib/checkout-storage.ts';
import { useSession } from '../../lib/session.ts';
import { sessionKeys } from '../../lib/storage-keys.ts';
import { toast } from '../../lib/toast.ts';
import { checkVoucher, placeOrder, useCheckoutPreview, useSuggestedVouchers } from './api.ts';
import { OrderSummary } from './order-summary.tsx';
import { PaymentNotice } from './payment-notice.tsx';

/** Spec 2 §9: the gateway redirect delay and the failure redirect. */
const gatewayRedirectMs = 3000;
const failureRedirectMs = 2000;

const countries = [
  { value: 'PH', label: 'Philippines' },
  { value: 'SG', label: 'Singapore' },
  { value: 'MY', label: 'Malaysia' },
  { value: 'HK', label: 'Hong Kong' },
  { value: 'JP', label: 'Japan' },
  { value: 'AE', label: 'United Arab Emirates' },
  { value: 'SA', label: 'Saudi Arabia' },
  { value: 'AU', label: 'Australia' },
  { value: 'CA', label: 'Canada' },
  { value: 'GB', label: 'United Kingdom' },
  { value: 'US', label: 'United States' },
];

/** /paymentmethod (spec 2 "Checkout: payment"). */
export default function PaymentPage() {
  const session = useSession();
  const [choices] = useState(readChoices);
  if (!session.token) return <Navigate to={`/login?returnUrl=${encodeURIComponent('/checkout')}`} replace />;
  if (!choices) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" role="alert" title={messages.checkoutDataMissing}>
          <Anchor component={Link} to="/checkout">
            Back to delivery information
          </Anchor>
        </Alert>
      </Container>
    );
  }
  return <PaymentStep choices={choices} />;
}

function isImage(file: File | null) {
  return !file || file.type.startsWith('image/');
}

function PaymentStep({ choices }: { choices: DeliveryChoices }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [voucherCode, setVoucherCode] = useState<string | null>(null);
  // Once the order is placed its lines have left the cart: the preview is no longer asked for.
  const [done, setDone] = useState(false);
  const preview = useCheckoutPreview(done ? null : { ...choices, voucher_code: voucherCode ?? undefined });
  const [method, setMethod] = useState<PaymentMethodCode | null>(null);
  const [channel, setChannel] = useState<string | null>(null);
  const [proof, setProof] = useState<File | null>(null);
  const [purchaseOrder, setPurchaseOrder] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ method?: string; channel?: string; proof?: string; po?: string }>({});
  const [instructionsOpen, setInstructionsOpen] = useState(false);
  const [paying, setPaying] = useState(false);
  const [notice, setNotice] = useState<{ url: string | null; error: string | null } | null>(null);
  const redirectTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const card = useForm<CardBilling>({
    mode: 'controlled',
    initialValues: {
      firstName: '',
      middleName: '',
      lastName: '',
      billingAddress: '',
      billingCity: '',
      billingState: '',
      billingCountry: 'PH',
      billingZip: '',
    },
    validate: {
      firstName: (v) => (v.trim() ? null : messages.cardFirstName),
      lastName: (v) => (v.trim() ? null : messages.cardLastName),
      billingAddress: (v) => (v.trim() ? null : messages.cardBillingAddress),
      billingCity: (v) => (v.trim() ? null : messages.cardBillingCity),
      billingCountry: (v) => (v?.trim() ? null : messages.cardBillingCountry),
      billingZip: (v) => (v.trim() ? null : messages.cardBillingZip),
    },
  });

  // Spec 2 §7: a failed preview on the payment step goes back to /checkout.
  useEffect(() => {
    if (!preview.error || done) return;
    toast(preview.error.message, 'error');
    const timer = window.setTimeout(() => navigate('/checkout'), failureRedirectMs);
    return () => window.clearTimeout(timer);
  }, [preview.error, done, navigate]);

  // A method that became unavailable (e.g. after a voucher changed the total) is no longer chosen.
  const available = useMemo(
    () => new Map(preview.data?.payment_methods.map((m) => [m.code, m.available]) ?? []),
    [preview.data],
  );
  useEffect(() => {
    if (method && available.size > 0 && !available.get(method)) setMethod(null);
  }, [method, available]);

  const group = method ? paymentMethods.find((m) => m.code === method)?.group : undefined;

  async function pay() {
    if (paying || !preview.data) return;
    const next: typeof errors = {};
    if (!method) next.method = messages.selectPaymentMethod;
    if (method === 'online' && !channel) next.channel = messages.choosePaymentChannel;
    if (method === 'bank_transfer' && !proof) next.proof = messages.proofOfPaymentRequired;
    if (!isImage(proof)) next.proof = messages.imageInvalid;
    if (!isImage(purchaseOrder)) next.po = messages.imageInvalid;
    const cardInvalid = method === 'card' && card.validate().hasErrors;
    setErrors(next);
    const first = Object.values(next)[0];
    if (first) return toast(first, 'error');
    if (cardInvalid || !method) return;

    const data: PlaceOrderRequest = {
      ...choices,
      voucher_code: voucherCode ?? undefined,
      payment_method: method,
      payment_channel: method === 'online' ? (channel ?? undefined) : undefined,
      card_billing:
        method === 'card'
          ? {
              ...card.values,
              middleName: card.values.middleName?.trim() || undefined,
              billingState: card.values.billingState?.trim() || undefined,
            }
          : undefined,
    };
    const files = { proof: method === 'bank_transfer' ? proof : null, purchaseOrder };
    const fingerprint = JSON.stringify([
      data,
      [files.proof, files.purchaseOrder].map((f) => (f ? [f.name, f.size, f.lastModified] : null)),
    ]);
    const gateway = gatewayMethods.includes(method);
    setPaying(true);
    let result: CheckoutResult;
    try {
      result = await placeOrder(data, files, idempotencyKeyFor(fingerprint));
    } catch (error) {
      setPaying(false);
      const message = error instanceof Error ? error.message : messages.serverError;
      if (gateway) setNotice({ url: null, error: message });
      else toast(message, 'error');
      return;
    }
    placed(result, method, gateway);
  }

  function placed(result: CheckoutResult, payMethod: PaymentMethodCode, gateway: boolean) {
    setDone(true);
    const key = storeOrderSummary(result.orders, payMethod, result.fees, result.payment.instructions);
    finishCheckout();
    // The ordered lines left the cart; balances changed.
    sessionStorage.removeItem(sessionKeys.cartCount);
    window.dispatchEvent(new Event(cartCountEvent));
    void queryClient.invalidateQueries({ queryKey: ['cart-count'] });
    void queryClient.invalidateQueries({ queryKey: ['cart'] });
    void queryClient.invalidateQueries({ queryKey: ['buildcredit'] });
    const reference = result.orders[0]?.reference;
    if (gateway && result.payment.payment_url && reference) {
      setActiveReference({ reference, summaryKey: key });
      setNotice({ url: result.payment.payment_url, error: null });
      window.open(result.payment.payment_url, '_blank', 'noopener');
      redirectTimer.current = window.setTimeout(
        () => navigate(`/payment/web-hooks?ref=${encodeURIComponent(reference)}`),
        gatewayRedirectMs,
      );
      return;
    }
    navigate(`/confirmpayment?key=${encodeURIComponent(key)}`);
  }

  const instructionSteps =
    method && preview.data ? paymentInstructions(method, [], formatPeso(preview.data.fees.grand_total)) : [];

  return (
    <Container size="xl" py="md">
      <BankPromoPopup />
      <Group gap="xs" mb="md" wrap="nowrap">
        <ActionIcon
          component={Link}
          to="/checkout"
          variant="subtle"
          color="dark"
          size="lg"
          aria-label="Back to delivery information"
        >
          <IconArrowLeft size={22} aria-hidden />
        </ActionIcon>
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
          PAYMENT METHOD
        </Title>
      </Group>
      <Grid gap={{ base: 'md', md: 'xl' }}>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <Vouchers
              cartItemIds={choices.cart_item_ids}
              applied={preview.data?.voucher ?? null}
              onApply={setVoucherCode}
            />
            <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section">
              {!preview.data ? (
                <Stack gap="xs" aria-label="Loading the payment methods">
                  <Skeleton h={24} w="40%" />
                  {paymentMethods.slice(0, 6).map((m) => (
                    <Skeleton key={m.code} h={40} />
                  ))}
                </Stack>
              ) : (
                <MethodChoice
                  preview={preview.data}
                  value={method}
                  error={errors.method}
                  onChange={(code) => {
                    setMethod(code);
                    setErrors({});
                  }}
                />
              )}
            </Paper>

            {method === 'card' ? (
              <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="billing">
                <Title order={2} id="billing" fz="lg" mb="sm">
                  Card billing details
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                  <TextInput label="First name" withAsterisk {...card.getInputProps('firstName')} />
                  <TextInput label="Middle name" {...card.getInputProps('middleName')} />
                  <TextInput label="Last name" withAsterisk {...card.getInputProps('lastName')} />
                </SimpleGrid>
                <TextInput label="Billing address" withAsterisk mt="sm" {...card.getInputProps('billingAddress')} />
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="sm">
                  <TextInput label="City" withAsterisk {...card.getInputProps('billingCity')} />
                  <TextInput label="State / Province" {...card.getInputProps('billingState')} />
                  <Select
                    label="Country"
                    withAsterisk
                    data={countries}
                    searchable
                    allowDeselect={false}
                    {...card.getInputProps('billingCountry')}
                  />
                  <TextInput label="ZIP code" withAsterisk {...card.getInputProps('billingZip')} />
                </SimpleGrid>
                <Text fz="xs" c="dimmed" mt="sm">
                  You enter your card number on the secure payment page that opens after you press PAY.
                </Text>
              </Paper>
            ) : null}

            {method === 'online' ? (
              <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section">
                <Radio.Group
                  label="Payment channel"
                  labelProps={{ fz: 'lg', fw: 700 }}
                  value={channel}
                  onChange={(value) => {
                    setChannel(value);
                    setErrors((e) => ({ ...e, channel: undefined }));
                  }}
                  error={errors.channel}
                >
                  <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs">
                    {onlineChannels.map((c) => (
                      <Paper key={c.code} withBorder radius="sm" px="sm" py={10}>
                        <Radio value={c.code} label={c.label} />
                      </Paper>
                    ))}
                  </SimpleGrid>
                </Radio.Group>
              </Paper>
            ) : null}

            {method === 'bank_transfer' || group === 'otc' ? (
              <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section">
                <Group justify="space-between" gap="sm">
                  <Text fw={700}>{method === 'bank_transfer' ? 'Pay by bank transfer' : 'Pay over the counter'}</Text>
                  <Button variant="outline" size="xs" onClick={() => setInstructionsOpen(true)}>
                    SHOW INSTRUCTION
                  </Button>
                </Group>
                {method === 'bank_transfer' ? (
                  <Stack gap={2} mt="sm" aria-label="Payee details">
                    <Text fz="sm">
                      <Text span c="dimmed" fz="sm">
                        Bank:{' '}
                      </Text>
                      {bankTransferPayee.bank}
                    </Text>
                    <Text fz="sm">
                      <Text span c="dimmed" fz="sm">
                        Account name:{' '}
                      </Text>
                      {bankTransferPayee.accountName}
                    </Text>
                    <Text fz="sm">
                      <Text span c="dimmed" fz="sm">
                        Account number:{' '}
                      </Text>
                      {bankTransferPayee.accountNumber}
                    </Text>
                  </Stack>
                ) : null}
                {method === 'bank_transfer' ? (
                  <FileInput
                    mt="sm"
                    label="Proof of payment"
                    description="A photo or screenshot of your transfer receipt (image only)"
                    placeholder="Choose an image"
                    accept="image/*"
                    withAsterisk
                    clearable
                    leftSection={<IconPaperclip size={16} aria-hidden />}
                    value={proof}
                    onChange={(file) => {
                      setProof(file);
                      setErrors((e) => ({ ...e, proof: isImage(file) ? undefined : messages.imageInvalid }));
                    }}
                    error={errors.proof}
                  />
                ) : null}
              </Paper>
            ) : null}

            <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section">
              <FileInput
                label="Purchase order (optional)"
                description="Attach your company's purchase order as an image"
                placeholder="Choose an image"
                accept="image/*"
                clearable
                leftSection={<IconPaperclip size={16} aria-hidden />}
                value={purchaseOrder}
                onChange={(file) => {
                  setPurchaseOrder(file);
                  setErrors((e) => ({ ...e, po: isImage(file) ? undefined : messages.imageInvalid }));
                }}
                error={errors.po}
              />
            </Paper>

            <Button size="md" fullWidth onClick={pay} loading={paying} disabled={!preview.data}>
              PAY{preview.data ? ` ${formatPeso(preview.data.fees.grand_total)}` : ''}
            </Button>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <OrderSummary preview={preview.data} loading={preview.isFetching} error={preview.error?.message ?? null} />
        </Grid.Col>
      </Grid>

      <Modal
        opened={instructionsOpen}
        onClose={() => setInstructionsOpen(false)}
        centered
        title={method === 'bank_transfer' ? 'Bank transfer instructions' : 'Over-the-counter instructions'}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="xs">
          {instructionSteps.map((line) => (
            <Text key={line} fz="sm">
              {line}
            </Text>
          ))}
          <Button mt="sm" onClick={() => setInstructionsOpen(false)}>
            OK
          </Button>
        </Stack>
      </Modal>

      <PaymentNotice
        notice={notice}
        onRetry={() => setNotice(null)}
        onCancel={() => {
          setNotice(null);
          navigate('/checkout');
        }}
      />
    </Container>
  );
}

function MethodChoice({
  preview,
  value,
  error,
  onChange,
}: {
  preview: CheckoutPreviewResponse;
  value: PaymentMethodCode | null;
  error?: string;
  onChange: (code: PaymentMethodCode) => void;
}) {
  const balances: Partial<Record<PaymentMethodCode, number | null>> = {
    build_credit: preview.credit.build_credit,
    hardware_credit: preview.credit.hardware_credit,
    yield: preview.credit.yield,
  };
  return (
    <Radio.Group
      label="Payment method"
      labelProps={{ fz: 'lg', fw: 700 }}
      value={value}
      onChange={(v) => onChange(v as PaymentMethodCode)}
      error={error}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
        {preview.payment_methods.map((m) => {
          const isCredit = m.code in balances;
          const balance = balances[m.code];
          return (
            <Paper
              key={m.code}
              withBorder
              radius="sm"
              px="sm"
              py={10}
              bg={value === m.code ? 'brand.0' : m.available ? undefined : 'gray.0'}
            >
              <Radio
                value={m.code}
                disabled={!m.available}
                label={m.label}
                description={
                  isCredit
                    ? `Balance: ${balance === null || balance === undefined ? 'none' : formatPeso2(balance)}`
                    : m.available
                      ? undefined
                      : 'Not available for this total'
                }
              />
            </Paper>
          );
        })}
      </SimpleGrid>
    </Radio.Group>
  );
}

function Vouchers({
  cartItemIds,
  applied,
  onApply,
}: {
  cartItemIds: number[];
  applied: CheckoutPreviewResponse['voucher'];
  onApply: (code: string | null) => void;
}) {
  const suggested = useSuggestedVouchers();
  const [code, setCode] = useState('');
  const [checking, setChecking] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function apply(value: string) {
    const trimmed = value.trim();
    if (!trimmed) return setError('Please enter a voucher code.');
    setChecking(trimmed);
    setError(null);
    try {
      const result = await checkVoucher(trimmed, cartItemIds);
      toast(result.message, 'success');
      onApply(result.voucher.code);
      setCode(result.voucher.code);
    } catch (err) {
      // Spec 2 §8: the server's text is shown and the discount goes back to 0.
      const message = err instanceof ApiError ? err.message : messages.serverError;
      toast(message, 'error');
      setError(message);
      onApply(null);
    } finally {
      setChecking(null);
    }
  }

  const vouchers = suggested.data?.vouchers ?? [];
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="vouchers">
      <Title order={2} id="vouchers" fz="lg" mb="sm">
        Vouchers
      </Title>
      {suggested.isPending ? <Skeleton h={48} mb="sm" /> : null}
      {vouchers.length > 0 ? (
        <Stack gap="xs" mb="sm" aria-label="Suggested vouchers">
          {vouchers.map((v) => (
            <Group
              key={v.id}
              justify="space-between"
              gap="xs"
              wrap="nowrap"
              p="xs"
              style={{ border: '1px dashed var(--mantine-color-brand-4)', borderRadius: 8 }}
            >
              <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                <IconTicket size={20} color="var(--mantine-color-brand-6)" aria-hidden style={{ flex: 'none' }} />
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={700} fz="sm">
                    {v.code}
                  </Text>
                  <Text fz="xs" c="dimmed" lineClamp={2}>
                    {v.description}
                    {v.min_spend > 0 ? ` · Min. spend ${formatPeso(v.min_spend)}` : ''}
                  </Text>
                </Stack>
              </Group>
              {applied?.code === v.code ? (
                <Badge color="green" variant="light" style={{ flex: 'none' }}>
                  Applied
                </Badge>
              ) : (
                <Button
                  size="xs"
                  variant="light"
                  style={{ flex: 'none' }}
                  loading={checking === v.code}
                  onClick={() => apply(v.code)}
                  aria-label={`Use voucher ${v.code}`}
                >
                  USE
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      ) : null}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void apply(code);
        }}
      >
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label="Voucher code"
            placeholder="Enter a voucher code"
            value={code}
            onChange={(event) => {
              setCode(event.currentTarget.value);
              setError(null);
            }}
            error={Boolean(error)}
            aria-describedby={error ? 'voucher-error' : undefined}
            maxLength={50}
            style={{ flex: 1 }}
          />
          <Button type="submit" variant="outline" loading={checking !== null && checking === code.trim()}>
            APPLY
          </Button>
        </Group>
        {error ? (
          <Text id="voucher-error" c="red.8" fz="xs" mt={4}>
            {error}
          </Text>
        ) : null}
      </form>
      {applied ? (
        <Group justify="space-between" mt="xs" gap="xs">
          <Text fz="sm" c="green.8">
            {applied.code}: -{formatPeso(applied.discount)}
          </Text>
          <Anchor
            component="button"
            type="button"
            fz="sm"
            onClick={() => {
              onApply(null);
              setCode('');
            }}
          >
            Remove voucher
          </Anchor>
        </Group>
      ) : null}
    </Paper>
  );
}
