import { ActionIcon, Alert, Anchor, Container, Grid, Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import {
  formatPeso,
  gatewayMethods,
  messages,
  type PaymentMethodCode,
  type PlaceOrderRequest,
  paymentInstructions,
  paymentMethods,
} from '@tibay/contract';
import { useEffect, useMemo, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { BankPromoPopup } from '../../components/bank-promo-popup.tsx';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { useCheckoutPreview } from './api.ts';
import { type DeliveryChoices, readChoices } from './checkout-storage.ts';
import { OrderSummary } from './order-summary.tsx';
import { PayBox, PhonePayBar, phonePayBarHeight } from './pay-actions.tsx';
import { CardBillingForm, OfflinePayment, OnlineChannelChoice, PurchaseOrderInput } from './payment-details.tsx';
import { PaymentMethods } from './payment-methods.tsx';
import { PaymentNotice } from './payment-notice.tsx';
import { cardBillingOf, useCardBillingForm } from './use-card-billing.ts';
import { usePlaceOrder } from './use-place-order.ts';
import { Vouchers } from './vouchers.tsx';

/** Spec 2 §7: how long a failed preview's message shows before going back to /checkout. */
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
  const [voucherCode, setVoucherCode] = useState<string | null>(null);
  const order = usePlaceOrder();
  const preview = useCheckoutPreview(order.done ? null : { ...choices, voucher_code: voucherCode ?? undefined });
  const [method, setMethod] = useState<PaymentMethodCode | null>(null);
  const [channel, setChannel] = useState<string | null>(null);
  const [proof, setProof] = useState<File | null>(null);
  const [purchaseOrder, setPurchaseOrder] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ method?: string; channel?: string; proof?: string; po?: string }>({});
  const card = useCardBillingForm();

  // Spec 2 §7: a failed preview on the payment step goes back to /checkout.
  useEffect(() => {
    if (!preview.error || order.done) return;
    // 'Shipping Error' comes with its reason (what to choose instead) when the courier could not quote.
    const reason = preview.error instanceof ApiError ? preview.error.fields?.shipping_type : undefined;
    toast(reason ? `${preview.error.message}: ${reason}` : preview.error.message, 'error');
    const timer = window.setTimeout(() => navigate('/checkout'), failureRedirectMs);
    return () => window.clearTimeout(timer);
  }, [preview.error, order.done, navigate]);

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
    if (order.paying || !preview.data) return;
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
      card_billing: method === 'card' ? cardBillingOf(card.values) : undefined,
    };
    const files = { proof: method === 'bank_transfer' ? proof : null, purchaseOrder };
    await order.place(data, files, gatewayMethods.includes(method));
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
            <PayBox grandTotal={grandTotal} paying={order.paying} onPay={pay} />
            <OrderSummary preview={preview.data} loading={preview.isFetching} error={preview.error?.message ?? null} />
          </Stack>
        </Grid.Col>
      </Grid>
      <PhonePayBar grandTotal={grandTotal} paying={order.paying} onPay={pay} />

      <PaymentNotice
        notice={order.notice}
        onRetry={() => order.setNotice(null)}
        onCancel={() => {
          order.setNotice(null);
          navigate('/checkout');
        }}
      />
    </Container>
  );
}
