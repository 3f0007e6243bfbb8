import { Anchor, Box, Checkbox, Group, Image, Stack, Text } from '@mantine/core';
import { type CartLine, formatPeso } from '@tibay/contract';
import { Link } from 'react-router';
import { PerUnit } from '../../../components/per-unit.tsx';
import { QuantityStepper } from './quantity-stepper.tsx';

/** The line's name by depth: Product; Product / Variation; Product / Variation / Sub Variation. */
export function lineName(line: CartLine): string {
  return [line.product_name, line.variation_name, line.sub_variation_name].filter(Boolean).join(' / ');
}

export interface CartLineRowProps {
  line: CartLine;
  marked: boolean;
  onMark: (marked: boolean) => void;
  onQuantity: (quantity: number) => Promise<boolean>;
  onOpenItem: () => void;
}

/** One cart line: mark box, photo, names by depth, shop, unit price, stepper and line subtotal. */
export function CartLineRow({ line, marked, onMark, onQuantity, onOpenItem }: CartLineRowProps) {
  const name = lineName(line);
  const discounted = line.unit_price < line.list_price;
  return (
    <Box py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <Checkbox
          mt={28}
          checked={marked}
          disabled={!line.available}
          onChange={(event) => onMark(event.currentTarget.checked)}
          aria-label={`Mark ${name}`}
        />
        <Image
          src={line.photo}
          alt=""
          w={60}
          h={60}
          radius="sm"
          fit="cover"
          fallbackSrc="data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' width='60' height='60'><rect width='60' height='60' fill='%23e9ecef'/></svg>"
          loading="lazy"
          style={{ flex: '0 0 60px' }}
        />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} truncate>
            {line.seller_name}
          </Text>
          <Anchor
            component={Link}
            to={`/item/${line.root_product_id}`}
            onClick={onOpenItem}
            fw={700}
            size="sm"
            c="dark.7"
            lineClamp={2}
          >
            {line.product_name}
          </Anchor>
          {line.variation_name ? (
            <Text size="xs">
              <Text span c="dimmed" size="xs">
                Variation:{' '}
              </Text>
              {line.variation_name}
            </Text>
          ) : null}
          {line.sub_variation_name ? (
            <Text size="xs">
              <Text span c="dimmed" size="xs">
                Sub Variation:{' '}
              </Text>
              {line.sub_variation_name}
            </Text>
          ) : null}
          <Group gap={6}>
            <Text size="sm" fw={600} c="brand.8">
              {formatPeso(line.unit_price)}
              <PerUnit unit={line.selling_unit} />
            </Text>
            {discounted ? (
              <Text size="xs" c="dimmed" td="line-through">
                {formatPeso(line.list_price)}
              </Text>
            ) : null}
          </Group>
          {line.available ? null : (
            <Text size="xs" c="red.7">
              No longer available
            </Text>
          )}
          <Group justify="space-between" align="flex-end" mt={4} gap="xs" wrap="nowrap">
            <QuantityStepper line={line} name={name} onCommit={onQuantity} disabled={!line.available} />
            <Stack gap={0} align="flex-end">
              <Text size="xs" c="dimmed">
                Subtotal
              </Text>
              <Text fw={700} size="sm">
                {formatPeso(line.price)}
              </Text>
            </Stack>
          </Group>
        </Stack>
      </Group>
    </Box>
  );
}
