import { Alert, Button, Grid, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type InventoryTransfer, inventoryTransferMessages as messages, type TransferProduct } from '@tibay/contract';
import { useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { useCreateTransfer, useTransferSellers } from './api.ts';
import { InventoryNav } from './inventory-nav.tsx';
import { PendingTransfers } from './pending-transfers.tsx';
import { ProductPicker } from './product-picker.tsx';
import { TransferResultModal } from './transfer-parts.tsx';

interface Row {
  key: number;
  sourceQuery: string;
  source: TransferProduct | null;
  targetQuery: string;
  target: TransferProduct | null;
  quantity: number | '';
}

let nextKey = 1;
const emptyRow = (): Row => ({
  key: nextKey++,
  sourceQuery: '',
  source: null,
  targetQuery: '',
  target: null,
  quantity: '',
});

/**
 * Inventory Transfer Between Sellers (spec 3 §2.4, §4, §5, §8; /inventory-transfer and /admin-v2/inventory/transfers):
 * the sellers, product rows (search, select, quantity 1..in stock), '+ Add Another Product', Remove, Transfer. The
 * request waits for approval; the result modal's Close reloads the page. The pending transfers are listed below.
 */
export default function TransferPage() {
  const sellers = useTransferSellers();
  const create = useCreateTransfer();
  const [sourceSellerId, setSourceSellerId] = useState<string | null>(null);
  const [targetSellerId, setTargetSellerId] = useState<string | null>(null);
  const [rows, setRows] = useState<Row[]>([emptyRow()]);
  const [problem, setProblem] = useState<string | null>(null);
  const [created, setCreated] = useState<InventoryTransfer | null>(null);

  const sellerOptions = (sellers.data?.results ?? []).map((s) => ({ value: String(s.id), label: s.company_name }));
  const change = (key: number, patch: Partial<Row>) => {
    setProblem(null);
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  };

  /** Spec 3 §5, in its order; the alerts are the spec's words. */
  const check = (): string | null => {
    if (!sourceSellerId || !targetSellerId) return messages.completeAllFields;
    if (sourceSellerId === targetSellerId) return messages.sellersDifferent;
    if (rows.some((row) => !row.source || !row.target || row.quantity === '')) return messages.completeProductFields;
    for (const row of rows) {
      if (Number(row.quantity) < 1) return messages.quantityMin;
      const stock = row.source?.stocks.availableStock ?? 0;
      if (Number(row.quantity) > stock) {
        return messages.quantityOverStock.replace('{stock}', String(stock)).replace('{product}', row.source!.menu);
      }
    }
    return null;
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = check();
    setProblem(found);
    if (found) {
      toast(found, 'error');
      return;
    }
    try {
      const answer = await create.mutateAsync({
        sourceSellerId: Number(sourceSellerId),
        targetSellerId: Number(targetSellerId),
        items: rows.map((row) => ({
          sourceProductId: row.source!.id,
          targetProductId: row.target!.id,
          quantity: Number(row.quantity),
        })),
      });
      if (!answer.success) {
        toast(messages.errorOccurred, 'error');
        return;
      }
      toast(messages.submitted, 'success');
      setCreated(answer.result);
    } catch (caught) {
      const message =
        caught instanceof ApiError ? `${messages.errorOccurred}: ${caught.message}` : messages.errorOccurred;
      setProblem(message);
      toast(message, 'error');
    }
  };

  return (
    <Stack gap="md" maw={1200}>
      <InventoryNav />
      <Title order={1} size="h2">
        Inventory Transfer Between Sellers
      </Title>
      <Paper withBorder p="md" component="form" onSubmit={submit} noValidate aria-label="Inventory transfer">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label="Source seller"
              withAsterisk
              searchable
              placeholder={sellers.isPending ? 'Loading...' : 'Choose a seller'}
              data={sellerOptions}
              value={sourceSellerId}
              onChange={(value) => {
                setSourceSellerId(value);
                // Spec 3 §4: changing the source seller clears the source products.
                setRows((current) => current.map((row) => ({ ...row, source: null, sourceQuery: '', quantity: '' })));
              }}
            />
            <Select
              label="Target seller"
              withAsterisk
              searchable
              placeholder={sellers.isPending ? 'Loading...' : 'Choose a seller'}
              data={sellerOptions}
              value={targetSellerId}
              onChange={(value) => {
                setTargetSellerId(value);
                setRows((current) => current.map((row) => ({ ...row, target: null, targetQuery: '' })));
              }}
            />
          </SimpleGrid>
          {rows.map((row, index) => (
            <Paper key={row.key} withBorder p="sm" component="fieldset" aria-label={`Product ${index + 1}`}>
              <Grid gap="sm" align="flex-start">
                <Grid.Col span={{ base: 12, md: 5 }}>
                  <ProductPicker
                    side="Source"
                    row={index + 1}
                    sellerId={sourceSellerId ? Number(sourceSellerId) : null}
                    query={row.sourceQuery}
                    onQuery={(sourceQuery) => change(row.key, { sourceQuery })}
                    value={row.source}
                    // Spec 3 §4: choosing a source product sets the quantity to its stock.
                    onChange={(source) =>
                      change(row.key, { source, quantity: source ? source.stocks.availableStock : '' })
                    }
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, md: 5 }}>
                  <ProductPicker
                    side="Target"
                    row={index + 1}
                    sellerId={targetSellerId ? Number(targetSellerId) : null}
                    query={row.targetQuery}
                    onQuery={(targetQuery) => change(row.key, { targetQuery })}
                    value={row.target}
                    onChange={(target) => change(row.key, { target })}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, md: 2 }}>
                  <Stack gap={4}>
                    <NumberInput
                      label={`Quantity (row ${index + 1})`}
                      min={1}
                      max={row.source?.stocks.availableStock}
                      allowDecimal={false}
                      allowNegative={false}
                      thousandSeparator=","
                      value={row.quantity}
                      onChange={(value) => change(row.key, { quantity: value === '' ? '' : Number(value) })}
                    />
                    <Text size="xs" c="dimmed">
                      {row.source
                        ? `In stock: ${row.source.stocks.availableStock.toLocaleString('en-PH')}`
                        : 'In stock: —'}
                    </Text>
                    <Button
                      variant="subtle"
                      color="red.9"
                      size="xs"
                      aria-label={`Remove product ${index + 1}`}
                      disabled={rows.length === 1}
                      onClick={() => setRows((current) => current.filter((r) => r.key !== row.key))}
                    >
                      Remove
                    </Button>
                  </Stack>
                </Grid.Col>
              </Grid>
            </Paper>
          ))}
          {problem ? (
            <Alert color="red" variant="light" role="alert">
              {problem}
            </Alert>
          ) : null}
          <Group justify="space-between">
            <Button
              variant="light"
              onClick={() => setRows((current) => [...current, emptyRow()])}
              disabled={rows.length >= 50}
            >
              + Add Another Product
            </Button>
            <Button type="submit" loading={create.isPending}>
              Transfer
            </Button>
          </Group>
        </Stack>
      </Paper>
      <PendingTransfers />
      <TransferResultModal transfer={created} title={messages.submitted} onClose={() => window.location.reload()} />
    </Stack>
  );
}
