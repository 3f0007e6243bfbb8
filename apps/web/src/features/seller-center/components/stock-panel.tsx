import { Button, Group, Modal, NumberInput, Stack, Table, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { SellerProduct } from '@tibay/contract';
import { sellerCenterMessages } from '@tibay/contract';
import { useState } from 'react';
import { ApiError } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { useLastShown } from '../../../lib/use-last-shown.ts';
import { adjustStock, sellerKeys } from '../api.ts';

interface Leaf {
  id: number;
  label: string;
  stock: number;
  active: boolean;
}

/** The nodes that keep stock (no active children), as the server marks them. */
export function leavesOf(product: SellerProduct): Leaf[] {
  const leaves: Leaf[] = [];
  if (product.is_leaf)
    leaves.push({ id: product.id, label: product.name, stock: product.stock, active: product.is_active });
  for (const variation of product.variations) {
    if (variation.is_leaf) {
      leaves.push({ id: variation.id, label: variation.name, stock: variation.stock, active: variation.is_active });
    }
    for (const sub of variation.sub_variations) {
      leaves.push({
        id: sub.id,
        label: `${variation.name} / ${sub.name}`,
        stock: sub.stock,
        active: sub.is_active && variation.is_active,
      });
    }
  }
  return leaves;
}

/** Stock per leaf; it changes only through "Adjust stock" (a signed quantity and a reason, written to the ledger). */
export function StockPanel({ product }: { product: SellerProduct }) {
  const [adjusting, setAdjusting] = useState<Leaf | null>(null);
  const leaves = leavesOf(product);
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={0}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th ta="right">Stock</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {leaves.map((leaf) => (
              <Table.Tr key={leaf.id}>
                <Table.Td>
                  <Text size="sm">
                    {leaf.label}
                    {!leaf.active && (
                      <Text span c="dimmed" size="xs">
                        {' '}
                        (inactive)
                      </Text>
                    )}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{leaf.stock.toLocaleString('en-PH')}</Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => setAdjusting(leaf)}
                    aria-label={`Adjust stock of ${leaf.label}`}
                  >
                    Adjust stock
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {product.movements.length > 0 && (
        <details>
          <summary>
            <Text span size="sm" fw={600}>
              Stock history
            </Text>
          </summary>
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing={4} fz="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Item</Table.Th>
                  <Table.Th>Kind</Table.Th>
                  <Table.Th ta="right">Change</Table.Th>
                  <Table.Th>Reason</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {product.movements.map((movement) => (
                  <Table.Tr key={movement.id}>
                    <Table.Td>
                      {new Date(movement.created_at).toLocaleString('en-PH', { timeZone: 'Asia/Manila' })}
                    </Table.Td>
                    <Table.Td>{movement.node_name}</Table.Td>
                    <Table.Td>{movement.kind}</Table.Td>
                    <Table.Td ta="right">
                      {movement.quantity > 0 ? `+${movement.quantity}` : movement.quantity}
                    </Table.Td>
                    <Table.Td>{movement.reason ?? movement.reference}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </details>
      )}
      <AdjustStockDialog productId={product.id} leaf={adjusting} onClose={() => setAdjusting(null)} />
    </Stack>
  );
}

function AdjustStockDialog({
  productId,
  leaf,
  onClose,
}: {
  productId: number;
  leaf: Leaf | null;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const shown = useLastShown(leaf);
  const [quantity, setQuantity] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ quantity?: string; reason?: string }>({});
  const [saving, setSaving] = useState(false);

  const close = () => {
    setQuantity('');
    setReason('');
    setErrors({});
    onClose();
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!leaf) return;
    const n = typeof quantity === 'number' ? quantity : Number.parseInt(quantity, 10);
    const next: typeof errors = {};
    if (!Number.isInteger(n) || n === 0) next.quantity = sellerCenterMessages.stockZeroQuantity;
    else if (leaf.stock + n < 0) next.quantity = sellerCenterMessages.stockBelowZero.replace('{n}', String(leaf.stock));
    if (!reason.trim()) next.reason = sellerCenterMessages.stockReasonRequired;
    setErrors(next);
    if (next.quantity || next.reason) return;
    setSaving(true);
    try {
      const result = await adjustStock(leaf.id, n, reason.trim());
      await client.invalidateQueries({ queryKey: sellerKeys.product(productId) });
      void client.invalidateQueries({ queryKey: sellerKeys.productLists });
      toast(`${sellerCenterMessages.stockAdjusted} ${leaf.label}: ${result.stock}`, 'success');
      close();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setErrors({ quantity: error.fields?.quantity ?? error.message });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened={leaf !== null} onClose={close} title={`Adjust stock: ${shown?.label ?? ''}`} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            In stock now: <b>{shown?.stock ?? 0}</b>
          </Text>
          <NumberInput
            label="Quantity"
            description="Positive to add (received), negative to remove (damaged, counted)"
            allowDecimal={false}
            value={quantity}
            onChange={setQuantity}
            error={errors.quantity}
            required
            data-autofocus
          />
          <Textarea
            label="Reason"
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={errors.reason}
            required
            autosize
            minRows={2}
            maxLength={500}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              CANCEL
            </Button>
            <Button type="submit" loading={saving}>
              SAVE ADJUSTMENT
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
