import { Checkbox, NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ProductValues } from '../product-form.ts';

/** Name, price, discounted price, quantity limit and Active of one node, at `path` in the form ('' for the product). */
export function NodeFields({
  form,
  path,
  nameLabel,
}: {
  form: UseFormReturnType<ProductValues>;
  path: string;
  nameLabel: string;
}) {
  const at = (field: string) => (path ? `${path}.${field}` : field);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
      <TextInput label={nameLabel} required {...form.getInputProps(at('name'))} />
      <NumberInput
        label="Price (₱)"
        required
        min={0}
        decimalScale={2}
        thousandSeparator=","
        hideControls
        {...form.getInputProps(at('price'))}
      />
      <NumberInput
        label="Discounted price (₱)"
        description="Leave empty for no discount"
        min={0}
        decimalScale={2}
        thousandSeparator=","
        hideControls
        {...form.getInputProps(at('discounted_price'))}
      />
      <NumberInput
        label="Quantity limit"
        description="Most one buyer may order"
        min={1}
        max={1200}
        allowDecimal={false}
        {...form.getInputProps(at('quantity_limit'))}
      />
      <Checkbox label="Active (shown to buyers)" {...form.getInputProps(at('is_active'), { type: 'checkbox' })} />
    </SimpleGrid>
  );
}
