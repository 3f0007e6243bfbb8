import { Alert, Anchor, Button, FileInput, Group, Modal, NumberInput, Radio, Stack, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { bankTransferPayee, type CreditOrderToPay, formatPeso2, creditRepaymentMessages as m } from '@tibay/contract';
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { usePayCredit } from './api.ts';

/** What an order can still take: its remaining balance less the bank transfers waiting for verification. */
export function payableOf(order: CreditOrderToPay): number {
  return Math.max(0, order.remaining_balance - order.pending_amount);
}

type Choice = 'bank_transfer' | 'online';

/**
 * The payment method modal of /pay-rpaf (spec 2 §4 "BuildCredit payment"): BANK TRANSFER (a proof image is
 * required: 'Please ensure file is uploaded.'; success shows 'Payment Successful') or ONLINE PAYMENT (Pay Online
 * opens the payment gateway's page in a new tab; its webhook settles the payment). One order takes a partial amount
 * up to what it still owes; several orders are paid in full (their amounts split the payment).
 */
export function PaymentModal({
  orders,
  opened,
  onClose,
  onPaid,
}: {
  orders: CreditOrderToPay[];
  opened: boolean;
  onClose: () => void;
  onPaid: (orderIds: number[], online: boolean) => void;
}) {
  const single = orders.length === 1 ? orders[0]! : null;
  const fullAmount = orders.reduce((sum, order) => sum + payableOf(order), 0);
  const [choice, setChoice] = useState<Choice | null>(null);
  const [amount, setAmount] = useState<number>(fullAmount / 100);
  const [proof, setProof] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [proofError, setProofError] = useState<string | null>(null);
  const [done, setDone] = useState<'bank' | { url: string } | null>(null);
  const pay = usePayCredit();

  useEffect(() => {
    if (!opened) return;
    setChoice(null);
    setAmount(fullAmount / 100);
    setProof(null);
    setError(null);
    setProofError(null);
    setDone(null);
  }, [opened, fullAmount]);

  const centavos = Math.round((Number(amount) || 0) * 100);
  const submit = async () => {
    setError(null);
    if (!choice) return setError('Please choose a payment method.');
    if (single && (centavos <= 0 || centavos > payableOf(single))) {
      return setError(centavos <= 0 ? m.amountRequired : m.overPayment);
    }
    if (choice === 'bank_transfer' && !proof) return setProofError(m.proofRequired);
    const allocations = single
      ? [{ order_id: single.order_id, amount: centavos }]
      : orders.map((order) => ({ order_id: order.order_id, amount: payableOf(order) }));
    // The gateway's tab is opened in the click itself (a popup opened after an await is blocked).
    const tab = choice === 'online' ? window.open('', '_blank') : null;
    try {
      const answer = await pay.mutateAsync({ online: choice === 'online', allocations, proof });
      onPaid(
        allocations.map((a) => a.order_id),
        choice === 'online',
      );
      if (choice === 'online' && answer.payment.payment_url) {
        if (tab) tab.location.href = answer.payment.payment_url;
        setDone({ url: answer.payment.payment_url });
      } else setDone('bank');
    } catch (caught) {
      tab?.close();
      if (!(caught instanceof ApiError)) throw caught;
      const field = caught.fields?.rpafpaymentPhoto;
      if (field) setProofError(field);
      else setError(caught.message);
    }
  };

  const title = single ? `Pay ${single.reference_no}` : `Pay ${orders.length} orders`;
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      {done === 'bank' ? (
        <Stack>
          <Alert color="green" title={m.paymentSuccessful} role="alert">
            Your bank transfer was received. An administrator verifies it before your available credit is restored.
          </Alert>
          <Button onClick={onClose}>OK</Button>
        </Stack>
      ) : done ? (
        <Stack>
          <Alert color="blue" title="Complete your payment" role="status">
            The payment page opened in a new tab. This list updates once the payment is made.
          </Alert>
          <Anchor href={done.url} target="_blank" rel="noopener">
            Open the payment page again
          </Anchor>
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Stack>
      ) : (
        <Stack>
          {single ? (
            <Text size="sm">
              Remaining balance: <b>{formatPeso2(single.remaining_balance)}</b>
              {single.pending_amount > 0 ? ` (${formatPeso2(single.pending_amount)} waiting for verification)` : ''}
            </Text>
          ) : (
            <Text size="sm">
              {orders.map((order) => order.reference_no).join(', ')}: <b>{formatPeso2(fullAmount)}</b>
            </Text>
          )}
          <Radio.Group
            label="Payment method"
            value={choice}
            onChange={(value) => {
              setChoice(value as Choice);
              setError(null);
            }}
          >
            <Stack gap="xs" mt={6}>
              <Radio value="bank_transfer" label="BANK TRANSFER" />
              <Radio value="online" label="ONLINE PAYMENT" />
            </Stack>
          </Radio.Group>
          {single ? (
            <NumberInput
              label="Amount to pay (₱)"
              description={`Up to ${formatPeso2(payableOf(single))}; a partial payment is fine.`}
              value={amount}
              onChange={(value) => setAmount(Number(value) || 0)}
              min={0.01}
              max={payableOf(single) / 100}
              decimalScale={2}
              thousandSeparator=","
              hideControls
            />
          ) : null}
          {choice === 'bank_transfer' ? (
            <>
              <Stack gap={2} aria-label="Payee details">
                <Text size="sm">Bank: {bankTransferPayee.bank}</Text>
                <Text size="sm">Account name: {bankTransferPayee.accountName}</Text>
                <Text size="sm">Account number: {bankTransferPayee.accountNumber}</Text>
              </Stack>
              <FileInput
                label="Proof of payment"
                description="A photo or screenshot of your transfer receipt (image only)"
                placeholder="Choose an image"
                accept="image/png,image/jpeg"
                withAsterisk
                clearable
                leftSection={<IconPaperclip size={16} aria-hidden />}
                value={proof}
                onChange={(file) => {
                  setProof(file);
                  setProofError(null);
                }}
                error={proofError}
              />
            </>
          ) : null}
          {error ? (
            <Text c="red.9" size="sm" role="alert">
              {error}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            {choice === 'online' ? (
              <Button onClick={submit} loading={pay.isPending}>
                Pay Online
              </Button>
            ) : (
              <Button onClick={submit} loading={pay.isPending}>
                PAY
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
