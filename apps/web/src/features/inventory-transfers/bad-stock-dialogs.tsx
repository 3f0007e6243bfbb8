import { Button, Group, Modal, NumberInput, Stack, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { type BadStockOrder, badStockMessages, clampOrderTotal, formatPeso2 } from '@tibay/contract';
import { useState } from 'react';
import { useBadStockOrders } from './api.ts';

export type BadStockLine = BadStockOrder['order_details'][number];
export interface BadStockDraft {
  line: BadStockLine;
  quantity: number;
  /** Centavos. */
  amount: number;
}

/** Pesos typed with 2 decimals as centavos ('' stays ''). */
const centavosOf = (value: number | string): number | '' =>
  value === '' || !Number.isFinite(Number(value)) ? '' : Math.round(Number(value) * 100);

/** Step 1 (spec 3 §2.4): 'Select Order' — a search by reference number, asked again as the text changes. */
export function SelectOrderDialog({
  opened,
  onChoose,
  onClose,
}: {
  opened: boolean;
  onChoose: (reference: string) => void;
  onClose: () => void;
}) {
  const [query, setQuery] = useState('');
  const orders = useBadStockOrders(query, opened);
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      opened={opened}
      onClose={onClose}
      title="Select Order"
      size={700}
      centered
    >
      <Stack>
        <TextInput
          label="Search by reference number"
          placeholder="ORD..."
          value={query}
          maxLength={60}
          data-autofocus
          onChange={(event) => setQuery(event.currentTarget.value)}
        />
        {orders.isPending ? (
          <Text size="sm" c="dimmed">
            Loading...
          </Text>
        ) : orders.isError ? (
          <Text c="red" role="alert">
            {orders.error.message}
          </Text>
        ) : orders.data.results.length === 0 ? (
          <Text role="status">{badStockMessages.noOrders}</Text>
        ) : (
          <Table aria-label="Orders" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Reference</Table.Th>
                <Table.Th>Customer</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {orders.data.results.map((order) => (
                <Table.Tr key={order.id}>
                  <Table.Td>
                    <UnstyledButton fw={700} c="brand.8" td="underline" onClick={() => onChoose(order.reference_no)}>
                      {order.reference_no}
                    </UnstyledButton>
                  </Table.Td>
                  <Table.Td>{order.name}</Table.Td>
                  <Table.Td ta="right">{formatPeso2(order.total_amount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Modal>
  );
}

/** Step 3: quantity (above 0, at most the line's units) and estimated amount (default quantity × unit price, ≥ 0). */
export function QuantityDialog({
  line,
  onClose,
  onReview,
}: {
  line: BadStockLine;
  onClose: () => void;
  onReview: (draft: BadStockDraft) => void;
}) {
  const [quantity, setQuantity] = useState<number | ''>(1);
  const [amount, setAmount] = useState<number | ''>(line.price);
  const quantityOk = quantity !== '' && quantity > 0 && quantity <= line.transferable;
  const amountOk = amount !== '' && amount >= 0;
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      opened
      onClose={onClose}
      title="Transfer Bad Stock"
      size={700}
      centered
    >
      <Stack>
        <Text size="sm">
          <b>{line.name}</b> — ordered {line.quantity}, unit price {formatPeso2(line.price)}
        </Text>
        <NumberInput
          label="Quantity"
          min={1}
          max={line.transferable}
          allowDecimal={false}
          allowNegative={false}
          value={quantity}
          description={`Above 0 and at most ${line.transferable}`}
          error={
            quantity !== '' && !quantityOk
              ? badStockMessages.quantityRange.replace('{max}', String(line.transferable))
              : undefined
          }
          onChange={(value) => {
            const next = value === '' ? '' : Number(value);
            setQuantity(next);
            if (next !== '') setAmount(next * line.price);
          }}
        />
        <NumberInput
          label="Estimated amount (₱)"
          min={0}
          decimalScale={2}
          fixedDecimalScale
          thousandSeparator=","
          allowNegative={false}
          value={amount === '' ? '' : amount / 100}
          error={amount !== '' && !amountOk ? badStockMessages.amountMin : undefined}
          onChange={(value) => setAmount(centavosOf(value))}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={!quantityOk || !amountOk}
            onClick={() => onReview({ line, quantity: Number(quantity), amount: Number(amount) })}
          >
            Review Transfer
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Step 4: the review, with the updated total editable and kept between 0 and the original total. */
export function ReviewDialog({
  draft,
  originalTotal,
  confirming,
  onBack,
  onConfirm,
}: {
  draft: BadStockDraft;
  originalTotal: number;
  confirming: boolean;
  onBack: () => void;
  onConfirm: (updatedTotal: number) => void;
}) {
  const [updated, setUpdated] = useState<number>(clampOrderTotal(originalTotal - draft.amount, originalTotal));
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      opened
      onClose={onBack}
      title="Review Transfer"
      size={700}
      centered
    >
      <Stack>
        <Table aria-label="Transfer review" variant="vertical" withTableBorder>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={200}>Product</Table.Th>
              <Table.Td>{draft.line.name}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Quantity</Table.Th>
              <Table.Td>{draft.quantity}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Estimated amount</Table.Th>
              <Table.Td>{formatPeso2(draft.amount)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Original total</Table.Th>
              <Table.Td>{formatPeso2(originalTotal)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <NumberInput
          label="Updated total (₱)"
          min={0}
          max={originalTotal / 100}
          clampBehavior="strict"
          decimalScale={2}
          fixedDecimalScale
          thousandSeparator=","
          allowNegative={false}
          description={`Between ₱0.00 and ${formatPeso2(originalTotal)}`}
          value={updated / 100}
          onChange={(value) => setUpdated(clampOrderTotal(Number(centavosOf(value) || 0), originalTotal))}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onBack}>
            Back
          </Button>
          <Button color="red.9" loading={confirming} onClick={() => onConfirm(updated)}>
            Confirm Transfer
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
