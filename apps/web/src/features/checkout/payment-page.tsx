import { ActionIcon, Alert, Anchor, Container, Grid, Group, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import {
  type CardBilling,
  type CheckoutResult,
  formatPeso,
  gatewayMethods,
  messages,
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
import { placeOrder, useCheckoutPreview } from './api.ts';
import { OrderSummary } from './order-summary.tsx';
import { PayBox, PhonePayBar, phonePayBarHeight } from './pay-actions.tsx';
import { CardBillingForm, OfflinePayment, OnlineChannelChoice, PurchaseOrderInput } from './payment-details.tsx';
import { PaymentMethods } from './payment-methods.tsx';
import { PaymentNotice } from './payment-notice.tsx';
import { Vouchers } from './vouchers.tsx';

/** Spec 2 §9: the gateway redirect delay and the failure redirect. */
const gatewayRedirectMs = 3000;
const failureRedirectMs = 2000;

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
    // 'Shipping Error' comes with its reason (what to choose instead) when the courier could not quote.
    const reason = preview.error instanceof ApiError ? preview.error.fields?.shipping_type : undefined;
    toast(reason ? `${preview.error.message}: ${reason}` : preview.error.message, 'error');
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
  const grandTotal = preview.data?.fees.grand_total;

  return (
    <Container size="xl" py="md" pb={{ base: phonePayBarHeight + 24, md: 'md' }}>
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
            <PaymentMethods
              preview={preview.data}
              value={method}
              error={errors.method}
              onChange={(code) => {
                setMethod(code);
                setErrors({});
              }}
            />
            {method === 'card' ? <CardBillingForm form={card} /> : null}
            {method === 'online' ? (
              <OnlineChannelChoice
                value={channel}
                error={errors.channel}
                onChange={(value) => {
                  setChannel(value);
                  setErrors((e) => ({ ...e, channel: undefined }));
                }}
              />
            ) : null}
            {method === 'bank_transfer' || group === 'otc' ? (
              <OfflinePayment
                bankTransfer={method === 'bank_transfer'}
                instructions={instructionSteps}
                proof={proof}
                proofError={errors.proof}
                onProofChange={(file) => {
                  setProof(file);
                  setErrors((e) => ({ ...e, proof: isImage(file) ? undefined : messages.imageInvalid }));
                }}
              />
            ) : null}
            <Vouchers
              cartItemIds={choices.cart_item_ids}
              applied={preview.data?.voucher ?? null}
              onApply={setVoucherCode}
            />
            <PurchaseOrderInput
              value={purchaseOrder}
              error={errors.po}
              onChange={(file) => {
                setPurchaseOrder(file);
                setErrors((e) => ({ ...e, po: isImage(file) ? undefined : messages.imageInvalid }));
              }}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          {/* On wide screens PAY and the summary stay in view beside the choices. */}
          <Stack gap="md" pos={{ base: 'static', md: 'sticky' }} top={80}>
            <PayBox grandTotal={grandTotal} paying={paying} onPay={pay} />
            <OrderSummary preview={preview.data} loading={preview.isFetching} error={preview.error?.message ?? null} />
          </Stack>
        </Grid.Col>
      </Grid>
      <PhonePayBar grandTotal={grandTotal} paying={paying} onPay={pay} />

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
