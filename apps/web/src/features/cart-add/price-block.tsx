import { Group, Text, VisuallyHidden } from '@mantine/core';
import { formatPeso, type ProductDetail, type ProductNode } from '@tibay/contract';
import { PerUnit } from '../../components/per-unit.tsx';

/**
 * The price of the chosen node (list price struck through when the discounted price is at least ₱1), or the
 * product's price range while a variation is still to be chosen and the leaves' prices differ.
 */
export function PriceBlock({
  product,
  shown,
  chosen,
  size = 'xl',
}: {
  product: ProductDetail;
  shown: ProductNode;
  /** True once the shown node is a variation or sub-variation. */
  chosen: boolean;
  size?: 'lg' | 'xl';
}) {
  const range = product.price_range;
  if (!chosen && product.variations.length > 0 && range.min !== range.max) {
    return (
      <Text fz={size} fw={700} c="brand.8">
        {formatPeso(range.min)} – {formatPeso(range.max)}
        <PerUnit unit={product.selling_unit} fz="sm" />
      </Text>
    );
  }
  const discounted = shown.discounted_price >= 100;
  return (
    <Group gap="xs" align="baseline">
      {discounted && (
        <Text component="s" c="dimmed" fz="sm">
          <VisuallyHidden>Regular price </VisuallyHidden>
          {formatPeso(shown.price)}
        </Text>
      )}
      <Text fz={size} fw={700} c="brand.8">
        {formatPeso(discounted ? shown.discounted_price : shown.price)}
        <PerUnit unit={product.selling_unit} fz="sm" />
      </Text>
    </Group>
  );
}
