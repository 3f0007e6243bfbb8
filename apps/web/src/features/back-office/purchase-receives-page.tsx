import {
  ActionIcon,
  Button,
  Grid,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import {
  formatPeso2,
  type PurchaseReceive,
  purchasingMessages,
  type ReceiveCondition,
  receiveConditions,
} from '@tibay/contract';
import { useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { useAvailablePurchaseOrders, useCreatePurchaseReceive, useWarehouses } from './api.ts';
import { manilaToday, numberOrEmpty } from './back-office-format.ts';
import { PurchasingNav } from './purchasing-nav.tsx';
import { ReceivedDialog, RecentReceives } from './received-dialog.tsx';

interface Item {
  key: number;
  lineId: string | null;
  received: number | '';
  expiryDate: string;
  condition: ReceiveCondition;
}

let nextKey = 1;
const emptyItem = (): Item => ({ key: nextKey++, lineId: null, received: '', expiryDate: '', condition: 'Good' });
const overBalance = (balance: number) => purchasingMessages.overBalance.replace('{balance}', String(balance));

/**
 * Create Purchase Receive (spec 3 §2.4, §5; /purchase-receives and /admin-v2/purchasing/receives): an approved PO with
 * a balance, the delivery, the warehouse and the items received. The server checks the balance again under
 * concurrency. On success 'Purchase Received: {receive reference no}'; closing it reloads the page.
 */
export default function PurchaseReceivesPage() {
  const available = useAvailablePurchaseOrders();
  const warehouses = useWarehouses();
  const create = useCreatePurchaseReceive();
  const [poId, setPoId] = useState<string | null>(null);
  const [receiveDate, setReceiveDate] = useState(manilaToday());
  const [deliveryRefNo, setDeliveryRefNo] = useState('');
  const [deliveryDate, setDeliveryDate] = useState(manilaToday());
  const [warehouseId, setWarehouseId] = useState<string | null>(null);
  const [remarks, setRemarks] = useState('');
  const [items, setItems] = useState<Item[]>([emptyItem()]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [received, setReceived] = useState<PurchaseReceive | null>(null);

  const order = available.data?.items.find((po) => String(po.id) === poId) ?? null;
  const lineOf = (lineId: string | null) => order?.poItems.find((line) => String(line.id) === lineId) ?? null;
  const change = (key: number, patch: Partial<Item>) =>
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...patch } : item)));

  /** Spec 3 §5: every field required; no row beyond what its line still has (after the rows above it). */
  const check = (): Record<string, string> => {
    const found: Record<string, string> = {};
    if (!poId) found.purchaseOrderId = purchasingMessages.purchaseOrderRequired;
    if (!receiveDate) found.receiveDate = purchasingMessages.receiveDateRequired;
    if (!deliveryRefNo.trim()) found.deliveryRefNo = purchasingMessages.deliveryRefRequired;
    if (!deliveryDate) found.deliveryDate = purchasingMessages.deliveryDateRequired;
    if (!warehouseId) found.warehouseId = purchasingMessages.warehouseRequired;
    const left = new Map((order?.poItems ?? []).map((line) => [String(line.id), line.quantity_balance]));
    items.forEach((item, index) => {
      const at = `poItems.${index}`;
      if (!item.lineId) found[`${at}.purchaseOrderDetailId`] = purchasingMessages.poItemRequired;
      if (item.received === '' || item.received <= 0)
        found[`${at}.quantityReceived`] = purchasingMessages.receivedRequired;
      else if (!Number.isInteger(item.received)) found[`${at}.quantityReceived`] = purchasingMessages.wholeUnits;
      else if (item.lineId) {
        const balance = left.get(item.lineId) ?? 0;
        if (item.received > balance) found[`${at}.quantityReceived`] = overBalance(balance);
        else left.set(item.lineId, balance - item.received);
      }
      if (!item.expiryDate) found[`${at}.expiryDate`] = purchasingMessages.expiryRequired;
    });
    return found;
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    const over = Object.values(found).find((message) => message.startsWith('Cannot receive'));
    if (over) toast(over, 'error');
    if (Object.keys(found).length > 0) return;
    try {
      const result = await create.mutateAsync({
        purchaseOrderId: Number(poId),
        receiveDate,
        deliveryRefNo: deliveryRefNo.trim(),
        deliveryDate,
        warehouseId: Number(warehouseId),
        remarks,
        poItems: items.map((item) => ({
          purchaseOrderDetailId: Number(item.lineId),
          quantityReceived: Number(item.received),
          expiryDate: item.expiryDate,
          condition: item.condition,
        })),
      });
      setReceived(result.results);
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      if (caught.fields) setErrors(caught.fields);
      toast(caught.message, 'error');
      void available.refetch();
    }
  };

  const lineOptions = (order?.poItems ?? []).map((line) => ({ value: String(line.id), label: line.menu }));

  return (
    <Stack gap="md" maw={1100}>
      <PurchasingNav />
      <Title order={1} size="h2">
        Create Purchase Receive
      </Title>
      <Paper withBorder p="md" component="form" onSubmit={submit} noValidate aria-label="Create Purchase Receive">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Select
              label="Purchase order"
              withAsterisk
              searchable
              placeholder={available.isPending ? 'Loading...' : 'Choose by reference number'}
              nothingFoundMessage="No approved purchase order has units left to receive."
              data={(available.data?.items ?? []).map((po) => ({
                value: String(po.id),
                label: po.po_reference_no,
              }))}
              value={poId}
              onChange={(value) => {
                setPoId(value);
                setItems([emptyItem()]);
              }}
              error={errors.purchaseOrderId}
            />
            <TextInput
              label="Receive date"
              type="date"
              withAsterisk
              value={receiveDate}
              onChange={(e) => setReceiveDate(e.currentTarget.value)}
              error={errors.receiveDate}
            />
            <Select
              label="Warehouse"
              withAsterisk
              data={(warehouses.data?.items ?? []).map((w) => ({ value: String(w.id), label: w.name }))}
              value={warehouseId}
              onChange={setWarehouseId}
              error={errors.warehouseId}
              nothingFoundMessage="No warehouses yet. Add one under Warehouses."
            />
            <TextInput
              label="Delivery reference number"
              withAsterisk
              maxLength={60}
              value={deliveryRefNo}
              onChange={(e) => setDeliveryRefNo(e.currentTarget.value)}
              error={errors.deliveryRefNo}
            />
            <TextInput
              label="Delivery date"
              type="date"
              withAsterisk
              value={deliveryDate}
              onChange={(e) => setDeliveryDate(e.currentTarget.value)}
              error={errors.deliveryDate}
            />
            {order ? (
              <Text size="sm" c="dimmed" style={{ alignSelf: 'end' }}>
                {order.supplier_name} → {order.company_name}
              </Text>
            ) : null}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Textarea label="PO remarks" readOnly variant="filled" autosize minRows={2} value={order?.remarks ?? ''} />
            <Textarea
              label="Remarks"
              autosize
              minRows={2}
              maxLength={500}
              value={remarks}
              onChange={(e) => setRemarks(e.currentTarget.value)}
            />
          </SimpleGrid>
          <Text fw={700} size="sm">
            Items
          </Text>
          {items.map((item, index) => {
            const line = lineOf(item.lineId);
            const at = `poItems.${index}`;
            return (
              <Paper key={item.key} withBorder p="sm" component="fieldset" aria-label={`Item ${index + 1}`}>
                <Grid gap="sm">
                  <Grid.Col span={{ base: 12, xs: 6, md: 3 }}>
                    <Select
                      label="PO item"
                      withAsterisk
                      disabled={!order}
                      placeholder={order ? 'Choose a product' : 'Choose a purchase order first'}
                      data={lineOptions}
                      value={item.lineId}
                      onChange={(value) => change(item.key, { lineId: value })}
                      error={errors[`${at}.purchaseOrderDetailId`]}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 6, md: 1 }}>
                    <TextInput label="Ordered" readOnly variant="filled" value={line ? String(line.quantity) : ''} />
                  </Grid.Col>
                  <Grid.Col span={{ base: 6, md: 2 }}>
                    <NumberInput
                      label="Received"
                      withAsterisk
                      min={0}
                      allowDecimal={false}
                      thousandSeparator=","
                      description={line ? `Balance: ${line.quantity_balance}` : undefined}
                      value={item.received}
                      onChange={(value) => change(item.key, { received: numberOrEmpty(value) })}
                      error={errors[`${at}.quantityReceived`]}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 6, md: 2 }}>
                    <TextInput
                      label="Unit price"
                      readOnly
                      variant="filled"
                      value={line ? formatPeso2(line.unit_price) : ''}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 6, md: 2 }}>
                    <TextInput
                      label="Expiry date"
                      type="date"
                      withAsterisk
                      value={item.expiryDate}
                      onChange={(e) => change(item.key, { expiryDate: e.currentTarget.value })}
                      error={errors[`${at}.expiryDate`]}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, xs: 6, md: 2 }}>
                    <Group gap="xs" align="flex-end" wrap="nowrap">
                      <Select
                        label="Condition"
                        withAsterisk
                        allowDeselect={false}
                        data={[...receiveConditions]}
                        value={item.condition}
                        onChange={(value) => change(item.key, { condition: (value ?? 'Good') as ReceiveCondition })}
                        style={{ flex: 1 }}
                      />
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="lg"
                        mb={2}
                        aria-label={`Remove item ${index + 1}`}
                        disabled={items.length === 1}
                        onClick={() => setItems((current) => current.filter((i) => i.key !== item.key))}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Group>
                  </Grid.Col>
                </Grid>
              </Paper>
            );
          })}
          <Group justify="space-between">
            <Button variant="light" onClick={() => setItems((current) => [...current, emptyItem()])}>
              + Add Item
            </Button>
            <Button type="submit" loading={create.isPending}>
              Submit Purchase Receive
            </Button>
          </Group>
        </Stack>
      </Paper>
      <RecentReceives />
      {received ? <ReceivedDialog receive={received} onClose={() => window.location.reload()} /> : null}
    </Stack>
  );
}
