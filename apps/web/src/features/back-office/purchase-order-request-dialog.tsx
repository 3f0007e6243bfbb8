import {
  ActionIcon,
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { formatPeso2, type PurchaseOrder, purchasingMessages } from '@tibay/contract';
import { useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { usePoSellers, useRequestPurchaseOrder, useSellerProducts, useSuppliers } from './api.ts';
import { manilaToday, numberOrEmpty } from './back-office-format.ts';

interface Line {
  key: number;
  productId: string | null;
  quantity: number | '';
  /** Pesos with 2 decimals, as typed. */
  unitPrice: number | '';
}

let nextKey = 1;
const emptyLine = (): Line => ({ key: nextKey++, productId: null, quantity: '', unitPrice: '' });
const centavos = (pesos: number | '') => (pesos === '' ? 0 : Math.round(pesos * 100));

/**
 * Purchase order request (spec 3 §2.4, §5): supplier, seller, order date, remarks and product lines; choosing a
 * product fills its unit price; the line total is quantity x unit price, read-only. Creates a Pending PO.
 */
export function PurchaseOrderRequestDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (order: PurchaseOrder) => void;
}) {
  const suppliers = useSuppliers();
  const sellers = usePoSellers();
  const [supplierId, setSupplierId] = useState<string | null>(null);
  const [sellerId, setSellerId] = useState<string | null>(null);
  const [orderDate, setOrderDate] = useState(manilaToday());
  const [remarks, setRemarks] = useState('');
  const [lines, setLines] = useState<Line[]>([emptyLine()]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const products = useSellerProducts(sellerId ? Number(sellerId) : null);
  const request = useRequestPurchaseOrder();

  const change = (key: number, patch: Partial<Line>) =>
    setLines((current) => current.map((line) => (line.key === key ? { ...line, ...patch } : line)));

  const chooseProduct = (key: number, productId: string | null) => {
    const product = products.data?.items.find((item) => String(item.id) === productId);
    change(key, { productId, ...(product ? { unitPrice: product.price / 100 } : {}) });
  };

  /** Spec 3 §5 "supplier, seller, order date, product, quantity and unit price required". */
  const check = (): Record<string, string> => {
    const found: Record<string, string> = {};
    if (!supplierId) found.supplierId = purchasingMessages.supplierRequired;
    if (!sellerId) found.sellerCompanyId = purchasingMessages.sellerRequired;
    if (!orderDate) found.orderDate = purchasingMessages.orderDateRequired;
    lines.forEach((line, index) => {
      if (!line.productId) found[`poItems.${index}.productId`] = purchasingMessages.productRequired;
      if (line.quantity === '' || line.quantity <= 0)
        found[`poItems.${index}.quantity`] = purchasingMessages.quantityRequired;
      else if (!Number.isInteger(line.quantity)) found[`poItems.${index}.quantity`] = purchasingMessages.wholeUnits;
      if (line.unitPrice === '') found[`poItems.${index}.unitPrice`] = purchasingMessages.unitPriceRequired;
    });
    return found;
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const order = await request.mutateAsync({
        supplierId: Number(supplierId),
        sellerCompanyId: Number(sellerId),
        orderDate,
        remarks,
        poItems: lines.map((line) => ({
          productId: Number(line.productId),
          quantity: Number(line.quantity),
          unitPrice: centavos(line.unitPrice),
        })),
      });
      onCreated(order);
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      if (caught.fields && Object.keys(caught.fields).length > 0) setErrors(caught.fields);
      else toast(caught.message, 'error');
    }
  };

  const productOptions = (products.data?.items ?? []).map((item) => ({ value: String(item.id), label: item.menu }));
  const total = lines.reduce((sum, line) => sum + Number(line.quantity || 0) * centavos(line.unitPrice), 0);

  return (
    <Modal opened onClose={onClose} title="Purchase order request" size={900} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Select
              label="Supplier"
              withAsterisk
              searchable
              data={(suppliers.data?.items ?? []).map((s) => ({ value: String(s.id), label: s.supplier_name }))}
              value={supplierId}
              onChange={setSupplierId}
              error={errors.supplierId}
              nothingFoundMessage="No supplier matches. Add suppliers under Suppliers."
            />
            <Select
              label="Seller"
              withAsterisk
              searchable
              data={(sellers.data?.items ?? []).map((s) => ({ value: String(s.id), label: s.company_name }))}
              value={sellerId}
              onChange={(value) => {
                setSellerId(value);
                // Another seller's products cannot be on this PO.
                setLines((current) => current.map((line) => ({ ...line, productId: null, unitPrice: '' })));
              }}
              error={errors.sellerCompanyId}
            />
            <TextInput
              label="Order date"
              type="date"
              withAsterisk
              value={orderDate}
              onChange={(event) => setOrderDate(event.currentTarget.value)}
              error={errors.orderDate}
            />
          </SimpleGrid>
          <Textarea
            label="Remarks"
            autosize
            minRows={2}
            maxLength={500}
            value={remarks}
            onChange={(e) => setRemarks(e.currentTarget.value)}
          />
          <Text fw={700} size="sm">
            Products
          </Text>
          {lines.map((line, index) => (
            <Paper key={line.key} withBorder p="sm" component="fieldset" aria-label={`Product line ${index + 1}`}>
              <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="sm">
                <Select
                  label="Product"
                  withAsterisk
                  searchable
                  placeholder={sellerId ? 'Choose a product' : 'Choose a seller first'}
                  disabled={!sellerId}
                  data={productOptions}
                  value={line.productId}
                  onChange={(value) => chooseProduct(line.key, value)}
                  error={errors[`poItems.${index}.productId`]}
                />
                <NumberInput
                  label="Quantity"
                  withAsterisk
                  min={0}
                  decimalScale={2}
                  thousandSeparator=","
                  value={line.quantity}
                  onChange={(value) => change(line.key, { quantity: numberOrEmpty(value) })}
                  error={errors[`poItems.${index}.quantity`]}
                />
                <NumberInput
                  label="Unit price"
                  withAsterisk
                  min={0}
                  prefix="₱"
                  decimalScale={2}
                  fixedDecimalScale
                  thousandSeparator=","
                  value={line.unitPrice}
                  onChange={(value) => change(line.key, { unitPrice: numberOrEmpty(value) })}
                  error={errors[`poItems.${index}.unitPrice`]}
                />
                <Group gap="xs" align="flex-end" wrap="nowrap">
                  <TextInput
                    label="Line total"
                    readOnly
                    variant="filled"
                    value={formatPeso2(Number(line.quantity || 0) * centavos(line.unitPrice))}
                    style={{ flex: 1 }}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    mb={2}
                    aria-label={`Remove product line ${index + 1}`}
                    disabled={lines.length === 1}
                    onClick={() => setLines((current) => current.filter((l) => l.key !== line.key))}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Group>
              </SimpleGrid>
            </Paper>
          ))}
          {errors.poItems ? (
            <Text c="red" size="sm" role="alert">
              {errors.poItems}
            </Text>
          ) : null}
          <Group justify="space-between">
            <Button variant="light" onClick={() => setLines((current) => [...current, emptyLine()])}>
              + Add Product
            </Button>
            <Text fw={700}>Total: {formatPeso2(total)}</Text>
          </Group>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={request.isPending}>
              Submit Purchase Order
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
